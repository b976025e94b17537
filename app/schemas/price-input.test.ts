import { describe, expect, it } from "vitest";
import { priceFormField } from "./event-type-price-form";
import { CURRENCIES, MAX_PRICE_AMOUNT, formatMoney, ZERO_DECIMAL } from "./price";
import { minorDecimals, parsePriceInput, priceInputValue, typedDecimals } from "./price-input";

const amount = (input: string, currency: string) => {
  const parsed = parsePriceInput(input, currency);
  return parsed.ok ? parsed.amount : parsed.message;
};

describe("typedDecimals and minorDecimals", () => {
  it("take Intl's decimals for typing and Stripe's minor unit for storing", () => {
    expect(typedDecimals("usd")).toBe(2);
    expect(typedDecimals("EUR")).toBe(2);
    expect(typedDecimals("jpy")).toBe(0);
    expect(typedDecimals("krw")).toBe(0);
    expect(typedDecimals("huf")).toBe(0);
    expect(typedDecimals("kwd")).toBe(3);
    expect(typedDecimals("")).toBeNull();
    expect(typedDecimals("us")).toBeNull();
    expect(typedDecimals("u$d")).toBeNull();
    expect(minorDecimals("usd")).toBe(2);
    expect(minorDecimals("jpy")).toBe(0);
    expect(minorDecimals("huf")).toBe(2);
  });

  it("never let a person type finer than the stored unit, for every currency of the list", () => {
    for (const currency of CURRENCIES) {
      const typed = typedDecimals(currency);
      expect(typed, currency).not.toBeNull();
      expect(typed!, currency).toBeLessThanOrEqual(minorDecimals(currency));
      if (ZERO_DECIMAL.has(currency)) expect(typed, currency).toBe(0);
    }
  });
});

describe("parsePriceInput", () => {
  it("reads a price as a person types it, in minor units", () => {
    expect(amount("25.00", "usd")).toBe(2500);
    expect(amount("25", "usd")).toBe(2500);
    expect(amount("25,00", "usd")).toBe(2500);
    expect(amount("25,5", "eur")).toBe(2550);
    expect(amount("25.", "usd")).toBe(2500);
    expect(amount(".5", "gbp")).toBe(50);
    expect(amount("0.01", "usd")).toBe(1);
    expect(amount("  19.99 ", "cad")).toBe(1999);
    expect(amount("007.50", "chf")).toBe(750);
    expect(amount("1000", "usd")).toBe(100000);
    expect(amount("999999.99", "usd")).toBe(MAX_PRICE_AMOUNT);
    expect(amount("3000", "jpy")).toBe(3000);
    expect(amount("99999999", "jpy")).toBe(MAX_PRICE_AMOUNT);
    expect(amount("50000", "krw")).toBe(50000);
    expect(amount("1500", "isk")).toBe(1500);
    expect(amount("25", "USD")).toBe(2500);
    // Whole-unit currencies Stripe still counts in hundredths.
    expect(amount("3000", "huf")).toBe(300000);
    expect(amount("150000", "idr")).toBe(15000000);
  });

  it("refuses more decimals than the currency has, with its rule", () => {
    expect(amount("25.005", "usd")).toBe("USD prices have at most 2 decimals (e.g. 25.00).");
    expect(amount("25,005", "eur")).toBe("Type the price without thousands separators, e.g. 1000.00.");
    expect(amount("25.000", "usd")).toBe("USD prices have at most 2 decimals (e.g. 25.00).");
    expect(amount("3000.5", "jpy")).toBe("JPY prices are whole amounts, with no decimals (e.g. 3000).");
    expect(amount("3000.0", "jpy")).toBe("JPY prices are whole amounts, with no decimals (e.g. 3000).");
    expect(amount("3000,5", "krw")).toBe("KRW prices are whole amounts, with no decimals (e.g. 3000).");
    expect(amount("3000.50", "huf")).toBe("HUF prices are whole amounts, with no decimals (e.g. 3000).");
    // A three-decimal currency (none is in the list) is never stored finer than Stripe's hundredths.
    expect(amount("1.005", "kwd")).toBe("KWD prices have at most 2 decimals (e.g. 25.00).");
  });

  it("refuses thousands separators instead of guessing", () => {
    for (const text of ["1,000.00", "1.000,00", "1 000", "1'000", "1\u00a0000", "1,000,000", "1,000"])
      expect(amount(text, "usd"), text).toBe("Type the price without thousands separators, e.g. 1000.00.");
    expect(amount("1 000", "jpy")).toBe("Type the price without thousands separators, e.g. 1000.");
  });

  it("refuses zero, negatives, sizes past Stripe's and anything not a number", () => {
    const zero = "The price must be more than 0. For a free event type, pick No price.";
    expect(amount("0", "usd")).toBe(zero);
    expect(amount("0.00", "usd")).toBe(zero);
    expect(amount(",0", "eur")).toBe(zero);
    expect(amount("-5", "usd")).toBe("The price cannot be negative.");
    expect(amount("\u22125", "usd")).toBe("The price cannot be negative.");
    expect(amount("-0.5", "jpy")).toBe("The price cannot be negative.");
    expect(amount("1000000", "usd")).toBe("That price is too high: at most 999999.99 USD.");
    expect(amount("100000000", "jpy")).toBe("That price is too high: at most 99999999 JPY.");
    expect(amount("1000000", "huf")).toBe("That price is too high: at most 999999 HUF.");
    expect(amount("9".repeat(30), "usd")).toBe("That price is too high: at most 999999.99 USD.");
    expect(amount("1".repeat(500), "usd")).toBe("That price is too high: at most 999999.99 USD.");
    expect(amount("1e3", "usd")).toBe("Type the price as a number, e.g. 25.00.");
    for (const text of [
      "$25",
      "25 USD",
      "twenty",
      "25.0.0",
      "25..",
      ".",
      ",",
      "+25",
      "0x19",
      "Infinity",
      "NaN",
      "2\u00005",
      "25\u0007",
      "\u0661\u0662",
      "２５",
    ])
      expect(amount(text, "usd"), JSON.stringify(text)).toBe("Type the price as a number, e.g. 25.00.");
    expect(amount("abc", "jpy")).toBe("Type the price as a number, e.g. 3000.");
    expect(amount("", "usd")).toBe("Type the price as a number, e.g. 25.00. For a free event type, pick No price.");
    expect(amount("   ", "usd")).toBe("Type the price as a number, e.g. 25.00. For a free event type, pick No price.");
  });

  it("asks for a currency it does not know", () => {
    expect(amount("25", "")).toBe("Pick the price's currency.");
    expect(amount("25", "dollars")).toBe("Pick the price's currency.");
  });
});

describe("priceInputValue", () => {
  it("shows a stored amount as it is typed, and reads back to the same amount", () => {
    expect(priceInputValue(2500, "usd")).toBe("25.00");
    expect(priceInputValue(2550, "eur")).toBe("25.50");
    expect(priceInputValue(1, "usd")).toBe("0.01");
    expect(priceInputValue(99, "gbp")).toBe("0.99");
    expect(priceInputValue(MAX_PRICE_AMOUNT, "usd")).toBe("999999.99");
    expect(priceInputValue(3000, "jpy")).toBe("3000");
    expect(priceInputValue(300000, "huf")).toBe("3000");
    expect(priceInputValue(2500, "USD")).toBe("25.00");
    for (const currency of CURRENCIES)
      for (const stored of [1, 99, 100, 2500, 123456, MAX_PRICE_AMOUNT]) {
        const shown = priceInputValue(stored, currency);
        const back = parsePriceInput(shown, currency);
        const whole = typedDecimals(currency)! < minorDecimals(currency);
        if (!whole || stored % 100 === 0) expect(back, `${stored} ${currency}`).toEqual({ ok: true, amount: stored });
      }
  });

  it("never rounds an amount finer than the currency's typed decimals (set through the JSON API)", () => {
    expect(priceInputValue(300050, "huf")).toBe("3000.50");
    expect(priceInputValue(300005, "huf")).toBe("3000.05");
    expect(parsePriceInput("3000.50", "huf").ok).toBe(false);
  });

  it("agrees with formatMoney's reading of the stored amount", () => {
    expect(formatMoney(2500, "usd")).toBe("$25.00");
    expect(formatMoney(3000, "jpy")).toBe("¥3,000");
  });
});

describe("priceFormField", () => {
  it("answers the JSON API's shape in minor units, the message at the amount", () => {
    expect(priceFormField.parse({ amount: "25,00", currency: " USD " })).toEqual({ amount: 2500, currency: "usd" });
    expect(priceFormField.parse(undefined)).toBeUndefined();
    const refused = priceFormField.safeParse({ amount: "25.005", currency: "usd" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["amount", "USD prices have at most 2 decimals (e.g. 25.00)."],
    ]);
    const noCurrency = priceFormField.safeParse({ amount: "25" });
    expect(noCurrency.error?.issues.map((i) => i.path.join("."))).toEqual(["currency"]);
    const unlisted = priceFormField.safeParse({ amount: "25", currency: "kwd" });
    expect(unlisted.error?.issues.map((i) => i.path.join("."))).toEqual(["currency"]);
    const noAmount = priceFormField.safeParse({ currency: "usd" });
    expect(noAmount.error?.issues.map((i) => i.path.join("."))).toEqual(["amount"]);
  });
});
