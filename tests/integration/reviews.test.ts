import { describe, expect, it } from "vitest";
import type { HttpClient } from "../support/http";
import { uniqueEmail } from "../support/http";
import { client, signUp, sql } from "./context";

const db = sql();

/** The review form as the browser posts it (to the home page's index action). */
function postReview(c: HttpClient, fields: Record<string, string>) {
  return c.post("/?index", {
    name: "Rita Reviewer",
    email: "",
    imageUrl: "",
    rating: "5",
    review: "A fine review.",
    ...fields,
  });
}

async function signedInUser(name = "Rita Reviewer") {
  const c = client();
  const email = uniqueEmail("review");
  expect((await signUp(c, email, "correct-horse-battery", name)).status).toBe(302);
  return { c, email };
}

async function signedInAdmin() {
  const { c, email } = await signedInUser("Ada Admin");
  await db`update users set role = 'admin' where email = ${email}`;
  return { c, email };
}

async function storedReviews(where: { email?: string; review?: string }) {
  if (where.email)
    return db`select name, email, rating, review, image_url, user_id from reviews where email = ${where.email}`;
  return db`select name, email, rating, review, image_url, user_id from reviews where review = ${where.review!}`;
}

function unique(text: string) {
  return `${text} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

describe("posting a review: who may", () => {
  it("sends a visitor to sign in and stores nothing", async () => {
    const review = unique("Visitor review");
    const res = await postReview(client(), { review, email: "someone@example.test" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/signin(\?|$)/);
    expect(await storedReviews({ review })).toHaveLength(0);
  });

  it("refuses an admin with 403 and stores nothing", async () => {
    const { c, email } = await signedInAdmin();
    const res = await postReview(c, { review: unique("Admin review") });
    expect(res.status).toBe(403);
    expect(await storedReviews({ email })).toHaveLength(0);
  });

  it("stores a user's review with the session's e-mail, whatever e-mail was posted", async () => {
    const { c, email } = await signedInUser();
    const review = unique("Forged e-mail review");
    const res = await postReview(c, {
      name: "Rita R.",
      email: "ceo@victim.example",
      imageUrl: "https://images.example.com/rita.png",
      rating: "4",
      review,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/#reviews");
    const rows = await storedReviews({ review });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Rita R.",
      email,
      rating: 4,
      image_url: "https://images.example.com/rita.png",
    });
    expect(rows[0].user_id).toBeTruthy();
    expect(await db`select 1 from reviews where email = 'ceo@victim.example'`).toHaveLength(0);

    // The success toast (verbatim, trailing space) shows once, and the review is on the home page.
    const home = await (await c.get("/")).text();
    expect(home).toContain("Review added Successfully ");
    expect(home).toContain(review);
    expect(home).toContain("Rated 4 out of 5");
    expect(await (await c.get("/")).text()).not.toContain("Review added Successfully");
  });

  it("shows the newest review first, to visitors too", async () => {
    const { c } = await signedInUser();
    const older = unique("Older review");
    const newer = unique("Newer review");
    expect((await postReview(c, { review: older })).status).toBe(302);
    expect((await postReview(c, { review: newer })).status).toBe(302);
    const html = await (await client().get("/")).text();
    expect(html.indexOf(newer)).toBeGreaterThan(-1);
    expect(html.indexOf(older)).toBeGreaterThan(html.indexOf(newer));
  });
});

describe("posting a review: what is refused", () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ["rating 0", { rating: "0" }, "Choose a rating from 1 to 5."],
    ["rating 6", { rating: "6" }, "Choose a rating from 1 to 5."],
    ["rating 'x'", { rating: "x" }, "Choose a rating from 1 to 5."],
    ["rating 4.5", { rating: "4.5" }, "Choose a rating from 1 to 5."],
    ["no rating", { rating: "" }, "Choose a rating from 1 to 5."],
    ["no review text", { review: "" }, "Write your review."],
    ["only spaces as review text", { review: "   \n  " }, "Write your review."],
    ["a review over 2000 characters", { review: "a".repeat(2001) }, "Keep your review to 2000 characters or fewer."],
    [
      "a javascript: image URL",
      { imageUrl: "javascript:alert(1)" },
      "Enter an image URL starting with http:// or https://.",
    ],
    [
      "a data: image URL",
      { imageUrl: "data:image/png;base64,AAAA" },
      "Enter an image URL starting with http:// or https://.",
    ],
    ["a relative image URL", { imageUrl: "/images/me.png" }, "Enter an image URL starting with http:// or https://."],
    [
      "an image URL over 2048 characters",
      { imageUrl: `https://example.com/${"a".repeat(2048)}` },
      "at most 2048 characters",
    ],
    ["no name", { name: "" }, "Enter your name."],
    ["a name over 100 characters", { name: "n".repeat(101) }, "Use at most 100 characters."],
  ];

  for (const [label, fields, message] of cases) {
    it(`answers 400 to ${label}, keeps the modal open with the input, and stores nothing`, async () => {
      const { c, email } = await signedInUser();
      const name = fields.name ?? "Kept Name";
      const review = fields.review ?? unique("Kept review");
      const res = await postReview(c, { name, review, ...fields });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toMatch(/<dialog[^>]*\bopen\b/);
      if (review.trim() && review.length <= 2000) expect(html).toContain(review);
      if (name === "Kept Name") expect(html).toContain('value="Kept Name"');
      expect(await storedReviews({ email })).toHaveLength(0);
    });
  }

  it("answers 400 to a 1 MB review (under the body limit) and stores nothing", async () => {
    const { c, email } = await signedInUser();
    const res = await postReview(c, { review: "a".repeat(1_000_000) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Keep your review to 2000 characters or fewer.");
    expect(await storedReviews({ email })).toHaveLength(0);
  });

  it("answers 413 to a body over 1 MiB and stores nothing", async () => {
    const { c, email } = await signedInUser();
    const res = await postReview(c, { review: "a".repeat(1024 * 1024 + 1) });
    expect(res.status).toBe(413);
    expect(await storedReviews({ email })).toHaveLength(0);
  });

  it("answers 415 to a JSON body and stores nothing", async () => {
    const { c, email } = await signedInUser();
    const res = await c.request("/?index", {
      method: "POST",
      headers: { "content-type": "application/json", origin: c.baseUrl },
      body: JSON.stringify({ name: "J", rating: 5, review: "json" }),
    });
    expect(res.status).toBe(415);
    expect(await storedReviews({ email })).toHaveLength(0);
  });
});

describe("review text is data, not markup", () => {
  it("stores script tags as text and renders them escaped on the home page", async () => {
    const { c } = await signedInUser();
    const marker = unique("xss");
    const review = `<script>alert("${marker}")</script><img src=x onerror=alert(1)> ${marker}`;
    expect((await postReview(c, { review, name: `<b>${marker}</b>` })).status).toBe(302);
    const [row] = await storedReviews({ review });
    expect(row.review).toBe(review);

    const html = await (await client().get("/")).text();
    expect(html).toContain(
      `&lt;script&gt;alert(&quot;${marker}&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;`,
    );
    expect(html).toContain(`&lt;b&gt;${marker}&lt;/b&gt;`);
    expect(html).not.toContain(`<script>alert("${marker}")`);
    expect(html).not.toContain("<img src=x onerror");
    expect(html).not.toContain(`<b>${marker}</b>`);
  });
});

describe("the review form's URL", () => {
  it("sends a visitor to sign in, remembering the form", async () => {
    const res = await client().get("/?review=new");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/signin?${new URLSearchParams({ redirectTo: "/?review=new" })}`);
  });

  it("opens the modal for a user, with their name and their e-mail read-only", async () => {
    const { c, email } = await signedInUser("Nina Name");
    const res = await c.get("/?review=new");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<dialog[^>]*\bopen\b/);
    expect(html).toContain('value="Nina Name"');
    const emailInput = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? "";
    expect(emailInput).toContain(`value="${email}"`);
    expect(emailInput).toContain("readonly");
    expect(html).toContain("Enter your rating");
    expect(html).toContain("Give Review");
  });

  it("shows an admin neither the form nor the Give Review button", async () => {
    const { c } = await signedInAdmin();
    const res = await c.get("/?review=new");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("<dialog");
    expect(html).not.toContain("Give Review");
    expect(html).toContain("Customer Review");
  });

  it("shows a visitor the reviews but no Give Review button", async () => {
    const html = await (await client().get("/")).text();
    expect(html).toContain("Customer Review");
    expect(html).not.toContain("Give Review");
  });
});

describe("posting a review: how often", () => {
  it("takes 10 reviews an hour from one user, then answers 429 and keeps the text", async () => {
    const { c, email } = await signedInUser();
    for (let i = 0; i < 10; i++) {
      expect((await postReview(c, { review: unique(`Burst ${i}`) })).status).toBe(302);
    }
    const review = unique("One too many");
    const res = await postReview(c, { review });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.text()).toContain(review);
    expect(await storedReviews({ email })).toHaveLength(10);
  });
});
