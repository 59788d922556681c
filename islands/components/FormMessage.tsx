// A form's or dialog's words after an action: a refusal (role="alert", read out at once) or a
// confirmation (role="status"). Nothing is rendered while there is nothing to say.

import type { ReactNode } from 'react';

export function FormError({ children, className = '' }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className={`text-sm text-danger ${className}`.trim()}>
      {children}
    </p>
  );
}

export function FormNotice({ children, className = '' }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p role="status" className={`text-sm font-medium ${className}`.trim()}>
      {children}
    </p>
  );
}
