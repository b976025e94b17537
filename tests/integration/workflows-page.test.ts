/**
 * The Workflows page's editor (decision 085) as a browser without JavaScript uses it: plain
 * form posts to /dashboard/workFlow/new and /dashboard/workFlow/{id}; 400 with the input kept;
 * a server-rendered preview with the values escaped; save, list, edit, delete; someone else's
 * workflow is 404.
 */
import { describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail, visibleText } from "../support/http";
import { servers, signUp, sql } from "./context";

const db = sql();

async function host(prefix: string) {
  const c = new HttpClient(servers()[0], {
    "x-forwarded-for": `10.186.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const email = uniqueEmail(prefix);
  expect((await signUp(c, email, "correct-horse-battery", "Wanda Host")).status).toBe(302);
  const [u] = await db`select id from users where email = ${email}`;
  return { c, id: u.id as string };
}

const form = (o: Record<string, string> = {}) => ({
  name: "Thank-you note",
  trigger: "after_end",
  offsetMinutes: "30",
  active: "on",
  allEventTypes: "on",
  "actions.0.type": "email_guest",
  "actions.0.subject": "Thanks for {event_title}",
  "actions.0.body": "Hi {guest_name}, thanks for <coming>. {nope}",
  ...o,
});

describe("/dashboard/workFlow/{id}", () => {
  it("makes, previews, lists, edits and deletes a workflow with plain form posts", async () => {
    const h = await host("wf-page");
    const blank = await h.c.get("/dashboard/workFlow/new");
    expect(blank.status).toBe(200);
    const page = visibleText(await blank.text());
    expect(page).toContain("New workflow");
    expect(page).toContain("{guest_name}");
    expect(page).toContain("Text to the guest (unavailable)");

    const bad = await h.c.post("/dashboard/workFlow/new", form({ name: "", offsetMinutes: "99999" }));
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Give the workflow a name.");
    expect(badHtml).toContain("Thanks for {event_title}"); // the input is kept
    expect(badHtml).toMatch(/aria-invalid="true"/);

    const sms = await h.c.post("/dashboard/workFlow/new", form({ "actions.0.type": "sms_guest" }));
    expect(sms.status).toBe(400);
    expect(visibleText(await sms.text())).toContain("Text messages are unavailable on this server");

    const preview = await h.c.post("/dashboard/workFlow/new", { ...form(), intent: "preview" });
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(visibleText(previewHtml)).toContain("Preview with a sample booking");
    expect(previewHtml).toContain("Hi Sam Guest, thanks for &lt;coming&gt;. {nope}");
    expect(previewHtml).not.toContain("<coming>");
    expect(await db`select 1 from workflows where user_id = ${h.id} and name = 'Thank-you note'`).toHaveLength(0);

    const saved = await h.c.post("/dashboard/workFlow/new", { ...form(), intent: "save" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/dashboard/workFlow");
    const [row] =
      await db`select id, trigger, offset_minutes, all_event_types from workflows where user_id = ${h.id} and name = 'Thank-you note'`;
    expect(row).toMatchObject({ trigger: "after_end", offset_minutes: 30, all_event_types: true });
    const list = visibleText(await (await h.c.get("/dashboard/workFlow")).text());
    expect(list).toContain("Thank-you note");
    expect(list).toMatch(/After the end\s*\(30 minutes\)\s*:\s*E-mail to the guests/);
    // The default guest reminder, a day ahead, in days rather than 1440 minutes.
    expect(list).toMatch(/Before the start\s*\(1 day\)\s*:\s*E-mail to the guests/);

    const edit = await h.c.get(`/dashboard/workFlow/${row.id}`);
    expect(edit.status).toBe(200);
    expect(await edit.text()).toContain("Thanks for {event_title}");
    const renamed = await h.c.post(`/dashboard/workFlow/${row.id}`, { ...form({ name: "Renamed" }), intent: "save" });
    expect(renamed.status).toBe(302);
    expect((await db`select name from workflows where id = ${row.id}`)[0].name).toBe("Renamed");

    const stranger = await host("wf-stranger");
    expect((await stranger.c.get(`/dashboard/workFlow/${row.id}`)).status).toBe(404);
    expect((await stranger.c.post(`/dashboard/workFlow/${row.id}`, { intent: "delete" })).status).toBe(404);
    expect(await db`select 1 from workflows where id = ${row.id}`).toHaveLength(1);

    const gone = await h.c.post(`/dashboard/workFlow/${row.id}`, { intent: "delete" });
    expect(gone.status).toBe(302);
    expect(await db`select 1 from workflows where id = ${row.id}`).toHaveLength(0);
    expect((await h.c.get(`/dashboard/workFlow/${row.id}`)).status).toBe(404);
  });
});
