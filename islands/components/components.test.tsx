import { afterEach, describe, expect, jest, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Avatar, initials } from './Avatar.tsx';
import { Dialog, DialogActions, useDialog } from './Dialog.tsx';
import { SelectField, TextAreaField, TextField } from './Field.tsx';
import { TOAST_MS, useToast } from './useToast.tsx';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

function DialogDemo({ onClose }: { onClose?: () => void }) {
  const dialog = useDialog();
  return (
    <>
      <button type="button" onClick={dialog.open}>
        Open
      </button>
      <Dialog control={dialog} title="Rename Album" onClose={onClose}>
        <TextField label="Name" defaultValue="" />
        <DialogActions>
          <button type="button" onClick={dialog.close}>
            Cancel
          </button>
        </DialogActions>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  test('is named by its title, opens modal with focus inside, and gives focus back on close', async () => {
    const closed = jest.fn();
    render(<DialogDemo onClose={closed} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    await act(async () => opener.click());
    const dialog = screen.getByRole('dialog', { name: 'Rename Album' });
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await act(async () => screen.getByRole('button', { name: 'Cancel' }).click());
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  test('Escape closes it', async () => {
    const closed = jest.fn();
    render(<DialogDemo onClose={closed} />);
    await act(async () => screen.getByRole('button', { name: 'Open' }).click());
    await act(async () => fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(closed).toHaveBeenCalledTimes(1);
  });
});

describe('Field', () => {
  test('the label names the control; without hint or error nothing describes it', () => {
    render(<TextField label="Title" defaultValue="x" />);
    const input = screen.getByLabelText('Title');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.className).toBe('field');
  });

  test('a hint and an error describe it, and the error marks it invalid', () => {
    render(<TextAreaField label="Notes" hint="Only you can read them." error="Notes are too long" defaultValue="" />);
    const area = screen.getByLabelText('Notes');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    const described = area
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Only you can read them.', 'Notes are too long']);
  });

  test('a select reports the chosen value', () => {
    const chosen = jest.fn();
    render(
      <SelectField label="Category" value="a" onValue={chosen}>
        <option value="a">A</option>
        <option value="b">B</option>
      </SelectField>,
    );
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'b' } });
    expect(chosen).toHaveBeenCalledWith('b');
  });

  test('plain turns off spell checking and automatic capitals', () => {
    render(<TextField label="Username" plain defaultValue="" />);
    const input = screen.getByLabelText('Username');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.getAttribute('autocapitalize')).toBe('none');
  });
});

describe('Avatar', () => {
  test('initials are the first letters of up to the first two name words', () => {
    expect(initials('ada lovelace king')).toBe('AL');
    expect(initials('  Cher ')).toBe('C');
    expect(initials('Bob Builder', 1)).toBe('B');
    expect(initials('')).toBe('?');
  });

  test('shows the picture, and the initials once the picture fails to load', async () => {
    const { container } = render(<Avatar name="Mia Wong" src="/media/mia.jpg" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/mia.jpg');
    expect(img.getAttribute('alt')).toBe('');
    await act(async () => fireEvent.error(img));
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('MW');
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });

  test('a picture that broke before React listened (a 404 before hydration) gives way to the initials', async () => {
    // A finished image without a width whose decode() rejects is what a browser has for a 404.
    const decode = jest.spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(() => Promise.reject(new DOMException('broken', 'EncodingError')));
    try {
      const { container } = render(<Avatar name="Nora Nowhere" src="/api/models/x/picture?v=abc" />);
      await act(async () => {});
      expect(container.querySelector('img')).toBeNull();
      expect(container.textContent).toBe('NN');
    } finally {
      decode.mockRestore();
    }
  });
});

describe('useToast', () => {
  // biome-ignore lint/correctness/noComponentHookFactories: kept from before the linter; fix when this code is next touched
  function Toaster({ ms }: { ms: number }) {
    const toast = useToast(ms);
    return (
      <>
        <button type="button" onClick={() => toast.show('Model added successfully!', 'success')}>
          Save
        </button>
        {toast.render()}
      </>
    );
  }

  test('closes after the time given (models: 3 s)', async () => {
    jest.useFakeTimers();
    render(<Toaster ms={TOAST_MS.models} />);
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    expect(screen.getByRole('status').textContent).toContain('Model added successfully!');
    await act(async () => jest.advanceTimersByTime(2_999));
    expect(screen.queryByRole('status')).not.toBeNull();
    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  test("the spec's close times", () => {
    expect(TOAST_MS).toEqual({ sites: 6000, links: 6000, models: 3000, vault: 3000, gallery: 6000, premium: 4000, admin: 6000 });
  });
});
