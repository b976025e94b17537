import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { HttpClient } from "../support/http";

let ipCounter = 0;

/** A client on one of the two app servers, with its own client address (via X-Forwarded-For). */
export function client(server = 0): HttpClient {
  ipCounter += 1;
  const ip = `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
  return new HttpClient(inject("serverUrls")[server], { "x-forwarded-for": ip });
}

export function servers(): string[] {
  return inject("serverUrls");
}

/** Direct SQL on the test database, to check what the app stored. */
export function sql() {
  const s = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });
  afterAll(() => s.end());
  return s;
}

export async function signUp(c: HttpClient, email: string, password = "correct-horse-battery", name = "Test Person") {
  return c.post("/signup", { name, email, password, confirmPassword: password });
}

export async function signIn(c: HttpClient, email: string, password: string, redirectTo = "") {
  return c.post("/signin", { email, password, redirectTo });
}
