import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { act, useState } from "react";
import { button, click, mount } from "../../testing/react-dom.tsx";
import { ShortcutsHelp } from "./ShortcutsHelp.tsx";

beforeAll(() => GlobalRegistrator.register({ url: "http://localhost:3000/admin" }));
afterAll(() => GlobalRegistrator.unregister());
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The list opened over a dialog that closes on any Escape reaching the document, as the review dialog does. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Keys
      </button>
      {open && <ShortcutsHelp onClose={() => setOpen(false)} />}
    </>
  );
}

test("Escape closes the list of keys only, wherever the focus is, and the focus goes back to where it was", async () => {
  const escapesUnder: string[] = [];
  const under = (e: KeyboardEvent) => {
    if (!e.defaultPrevented) escapesUnder.push(e.key);
  };
  document.addEventListener("keydown", under);
  const ui = await mount(<Opener />);
  const opener = button(ui.container, "Keys");
  const help = () => document.querySelector('[data-testid="shortcuts-help"]');

  opener.focus();
  await click(opener);
  expect(help()).not.toBeNull();
  expect(document.activeElement?.textContent).toBe("Close");
  await act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  });
  expect(help()).toBeNull();
  expect(document.activeElement).toBe(opener);

  // Pressed where the focus was before Close took it (the opener, outside the list): the list closes, nothing under it.
  await click(opener);
  expect(help()).not.toBeNull();
  await act(async () => {
    opener.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  });
  expect(help()).toBeNull();
  expect(escapesUnder).toEqual([]);

  // Closed, Escape reaches the dialog under it again.
  await act(async () => {
    opener.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  });
  expect(escapesUnder).toEqual(["Escape"]);
  document.removeEventListener("keydown", under);
  await ui.unmount();
});
