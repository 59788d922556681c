// Premium's toasts: at the top centre of the screen (spec), success or error, closing after the
// page's time (4 s); the one useToast state decides which place (the page or a dialog) shows it.

import type { ToastControl, ToastPlace } from '../components/useToast.tsx';
import { useEffect } from 'react';

function TopToast({ text, tone, onClose, closeAfterMs }: { text: string; tone: 'error' | 'success'; onClose: () => void; closeAfterMs: number }) {
  useEffect(() => {
    const timer = setTimeout(onClose, closeAfterMs);
    return () => clearTimeout(timer);
  }, [onClose, closeAfterMs]);
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-premium-toast
      className={`fixed left-1/2 top-4 z-[70] flex w-[min(92vw,28rem)] -translate-x-1/2 items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${tone === 'error' ? 'bg-danger-solid text-white' : 'bg-fg text-bg'}`}
    >
      <span className="flex-1">{text}</span>
      <button type="button" onClick={onClose} aria-label="Close" className="-mr-1 rounded px-1 leading-none opacity-80 hover:opacity-100">
        ×
      </button>
    </div>
  );
}

/** The toast of `control`, if it belongs in `place`. */
export function PremiumToast({ control, place = 'page', closeAfterMs }: { control: ToastControl; place?: ToastPlace; closeAfterMs: number }) {
  const toast = control.toast;
  if (!toast || toast.place !== place) return null;
  return <TopToast key={toast.id} text={toast.text} tone={toast.tone} onClose={control.close} closeAfterMs={closeAfterMs} />;
}
