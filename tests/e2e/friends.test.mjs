// Friends in the browser client (docs/friends.md) against a real carc-server: a signed-in
// player's profile of a friend shows Friend and the statistics' place; "Challenge" then "Live
// game" (two clicks) opens the challenge's private room with the challenger seated.
import test from "node:test";
import assert from "node:assert/strict";
import { BASE, PASSWORD, launch, signUpAccount } from "./helpers.mjs";
import { DESKTOP, newPage, openLobby } from "./viewports.mjs";

const stamp = Date.now().toString(36).slice(-5);
const ada = `Ada${stamp}`;
const bob = `Bob${stamp}`;
const password = PASSWORD;

test(
  "a friend challenged from their profile in two clicks",
  { timeout: 120_000 },
  async () => {
    await signUpAccount(ada);
    const bobToken = await signUpAccount(bob);
    const follows = await fetch(`${BASE}/api/me/follows/${ada}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${bobToken}` },
    });
    assert.equal(follows.status, 200);
    const browser = await launch();
    const errors = [];
    try {
      const page = await newPage(browser, "ada", errors, DESKTOP);
      await openLobby(page, ada);
      const signedIn = await page.evaluate(
        async ([name, pw]) => {
          const r = await fetch("/api/sessions", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ name, password: pw }),
          });
          return r.status;
        },
        [ada, password],
      );
      assert.equal(signedIn, 200);
      const followed = await page.evaluate(
        async (name) =>
          (await fetch(`/api/me/follows/${name}`, { method: "PUT" })).status,
        bob,
      );
      assert.equal(followed, 200);
      await page.goto(`${BASE}/#/player/${bob}`);
      await page.reload(); // the socket's hello is the account's now
      await page.waitForSelector(".friend-actions .friend-tag");
      await page.click("#challenge");
      await page.click("#challenge-live");
      await page.waitForFunction(() => location.hash.startsWith("#/room/"));
      await page.waitForSelector(".waiting-room, .room-screen, #app section");
      await page.close();
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  },
);
