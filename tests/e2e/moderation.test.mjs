// Reports in the browser client (docs/moderation.md) against a real carc-server: a signed-in
// player reports another from the profile (reason and note) and is thanked; the report is
// stored, as the day's limit shows.
import test from "node:test";
import assert from "node:assert/strict";
import { BASE, PASSWORD, launch, signUpAccount } from "./helpers.mjs";
import { DESKTOP, newPage, openLobby } from "./viewports.mjs";

const stamp = Date.now().toString(36).slice(-5);
const ada = `Ada${stamp}`;
const bob = `Bob${stamp}`;
const password = PASSWORD;

test("a player reported from their profile, with a reason and a note", { timeout: 120_000 }, async () => {
  const adaToken = await signUpAccount(ada);
  await signUpAccount(bob);
  const browser = await launch();
  const errors = [];
  try {
    const page = await newPage(browser, "ada", errors, DESKTOP);
    await openLobby(page, ada);
    const signedIn = await page.evaluate(
      async ([name, pw]) =>
        (
          await fetch("/api/sessions", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ name, password: pw }),
          })
        ).status,
      [ada, password],
    );
    assert.equal(signedIn, 200);
    await page.goto(`${BASE}/#/player/${bob}`);
    await page.reload(); // the socket's hello is the account's now
    await page.click(".friend-actions .report-open");
    await page.selectOption(".friend-actions .report-reason", "spam");
    await page.fill(".friend-actions .report-note", "floods the lobby");
    await page.click(".friend-actions .report-form button[type=submit]");
    await page.waitForSelector("text=Report sent to the operator");
    assert.equal(await page.isHidden(".friend-actions .report-form"), true);
    await page.close();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
  // The browser's report counts toward Ada's 10 a day: 9 more pass, the next is refused.
  const report = () =>
    fetch(`${BASE}/api/reports`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${adaToken}` },
      body: JSON.stringify({ name: bob, reason: "spam" }),
    });
  for (let i = 0; i < 9; ++i) assert.equal((await report()).status, 201);
  assert.equal((await report()).status, 429);
});
