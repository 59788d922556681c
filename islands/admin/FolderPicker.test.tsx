import { afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createIslandApp, type IslandApp, type Scenario } from '../../test/helpers/island-app.ts';
import { FolderPicker, LIBRARY_DIALOG_TEXT } from './library-dialogs.tsx';

// The Add Library dialog's folder picker against the real hub with no LIBRARY_ROOTS: the hub
// answers the listing with 400 (no roots), and the picker says what to set, never "Loading folders…"
// for ever beside it.

const SCENARIO: Scenario = {
  accounts: [{ username: 'ada', name: 'Ada Admin', role: 'admin' }],
  signedInAs: 'ada',
  env: { SITE_LOCKOUT_HOURS: '0', LIBRARY_SCAN_MINUTES: '0' },
};

let hub: IslandApp;
let logged: Mock<typeof console.error>;
beforeEach(async () => {
  logged = spyOn(console, 'error').mockImplementation(() => {});
  hub = await createIslandApp(SCENARIO);
});
afterEach(async () => {
  cleanup();
  await hub.close();
  logged.mockRestore();
});

describe('the folder picker without LIBRARY_ROOTS', () => {
  test('says no roots are set, and stops loading', async () => {
    render(<FolderPicker value="" onPick={() => {}} />);
    expect(screen.getByText('Loading folders…')).toBeTruthy();
    for (let i = 0; i < 8; i++) await act(() => hub.idle());
    expect(screen.getByText(LIBRARY_DIALOG_TEXT.noRoots)).toBeTruthy();
    expect(screen.queryByText('Loading folders…')).toBeNull();
  });
});
