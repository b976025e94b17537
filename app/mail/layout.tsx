import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { renderToStaticMarkup } from "react-dom/server";
import { escapeHtml } from "./escape";

/**
 * Every mail's HTML part (decision 093): one layout of React Email's components (a header with the
 * product's name and logo, a content card, bulletproof buttons, a footer; tables and inline styles,
 * 600 px wide, light and dark). Each piece is rendered with react-dom/server once, with tokens
 * where the values go, and a mail fills the tokens with escaped values: a mail costs string
 * replacement, not a React render.
 */

export const PRODUCT = "Scheduler";
/** The logo's path on the app's origin (a PNG: mail clients show no SVG). */
export const LOGO_PATH = "/images/mail-logo.png";

const BRAND = "#4f46e5";
const INK = "#18181b";
const MUTED = "#52525b";
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** Classes the dark-mode rules below restyle; inline styles are the light defaults. */
const DARK_CSS = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme:dark){.m-body,.m-body>table>tbody>tr>td{background:#09090b!important}.m-card{background:#18181b!important;border-color:#3f3f46!important}
.m-ink{color:#f4f4f5!important}.m-muted{color:#a1a1aa!important}.m-link{color:#a5b4fc!important}
.m-details{background:#27272a!important}.m-secondary{background:#27272a!important;color:#e0e7ff!important;border-color:#6366f1!important}}
[data-ogsc] .m-ink{color:#f4f4f5!important}[data-ogsc] .m-muted{color:#a1a1aa!important}`;

const T = {
  lang: "%%LANG%%",
  dir: "%%DIR%%",
  preheader: "%%PREHEADER%%",
  body: "%%BODY%%",
  footer: "%%FOOTER%%",
  href: "https://token.invalid/%%HREF%%",
  text: "%%TEXT%%",
} as const;

function Shell({ origin }: { origin: string | null }) {
  return (
    <Html lang={T.lang} dir={T.dir as "ltr"}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style dangerouslySetInnerHTML={{ __html: DARK_CSS }} />
      </Head>
      <Body className="m-body" style={{ margin: 0, padding: "24px 0", background: "#f4f4f5", fontFamily: FONT }}>
        <Preview>{T.preheader}</Preview>
        <Container style={{ maxWidth: 600, width: "100%" }}>
          <Section style={{ padding: "0 16px 16px" }}>
            {origin ? (
              <Img
                src={`${origin}${LOGO_PATH}`}
                width="32"
                height="32"
                alt={`${PRODUCT} logo`}
                style={{ display: "inline-block", verticalAlign: "middle", marginRight: 8 }}
              />
            ) : null}
            <span
              className="m-ink"
              style={{ fontSize: 18, fontWeight: 700, color: INK, verticalAlign: "middle", lineHeight: "32px" }}
            >
              {PRODUCT}
            </span>
          </Section>
          <Section
            className="m-card"
            style={{ background: "#ffffff", border: "1px solid #e4e4e7", borderRadius: 12, padding: "8px 24px 16px" }}
          >
            {T.body}
          </Section>
          <Section style={{ padding: "16px" }}>
            <Text className="m-muted" style={{ fontSize: 12, lineHeight: "18px", color: MUTED, margin: 0 }}>
              {T.footer}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const PIECES = {
  lead: (
    <Text className="m-ink" style={{ fontSize: 18, lineHeight: "26px", fontWeight: 600, color: INK, margin: "16px 0" }}>
      {T.text}
    </Text>
  ),
  paragraph: (
    <Text className="m-ink" style={{ fontSize: 15, lineHeight: "22px", color: INK, margin: "12px 0" }}>
      {T.text}
    </Text>
  ),
  details: (
    <Section
      className="m-details"
      style={{ background: "#f4f4f5", borderRadius: 8, padding: "4px 16px", margin: "12px 0" }}
    >
      <Text className="m-ink" style={{ fontSize: 15, lineHeight: "22px", color: INK, margin: "8px 0" }}>
        {T.text}
      </Text>
    </Section>
  ),
  button: (
    <Section style={{ margin: "8px 0" }}>
      <Button
        href={T.href}
        style={{
          background: BRAND,
          color: "#ffffff",
          fontSize: 15,
          fontWeight: 600,
          borderRadius: 8,
          padding: "12px 20px",
          textDecoration: "none",
        }}
      >
        {T.text}
      </Button>
    </Section>
  ),
  secondary: (
    <Section style={{ margin: "8px 0" }}>
      <Button
        className="m-secondary"
        href={T.href}
        style={{
          background: "#eef2ff",
          color: "#3730a3",
          border: `1px solid ${BRAND}`,
          fontSize: 15,
          fontWeight: 600,
          borderRadius: 8,
          padding: "11px 19px",
          textDecoration: "none",
        }}
      >
        {T.text}
      </Button>
    </Section>
  ),
  link: (
    <Link
      className="m-link"
      href={T.href}
      style={{ color: BRAND, textDecoration: "underline", wordBreak: "break-all" }}
    >
      {T.text}
    </Link>
  ),
  rule: <Hr style={{ borderColor: "#e4e4e7", margin: "16px 0" }} />,
  // The host's or team's logo at the top of the content (decision 117), named by its alt text;
  // fitted whole in its square when it was stored, so no crop here.
  logo: (
    <Img
      src={T.href}
      width="64"
      height="64"
      alt={T.text}
      style={{ display: "block", borderRadius: 8, margin: "8px 0 0", width: 64, height: 64 }}
    />
  ),
  // The host's photo above the lead (decision 095), named by its alt text.
  person: (
    <Img
      src={T.href}
      width="48"
      height="48"
      alt={T.text}
      style={{ display: "block", borderRadius: 24, margin: "16px 0 0", width: 48, height: 48 }}
    />
  ),
};

type Piece = keyof typeof PIECES;

const rendered = new Map<string, string>();
/** A piece's markup with its tokens, rendered on first use and kept. */
function piece(name: Piece | "shell", origin: string | null = null): string {
  const key = name === "shell" ? `shell ${origin ?? ""}` : name;
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(name === "shell" ? <Shell origin={origin} /> : PIECES[name]);
    // Button's default target="_blank" means nothing in a mail client.
    html = html.replace(/ target="_blank"/g, "");
    rendered.set(key, html);
  }
  return html;
}

const FILL_TOKENS = new RegExp(`${T.text}|${T.href.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`, "g");

function fill(template: string, values: { href?: string; text: string }): string {
  // One pass over the template, so a value that contains a token is never filled in turn (a host
  // named "%%TEXT%%", a link to ".../%%TEXT%%"); replacement functions, so "$&" is never a pattern.
  return template.replace(FILL_TOKENS, (token) =>
    token === T.text ? values.text : values.href !== undefined ? escapeHtml(values.href) : token,
  );
}

/** One block of a mail's content card. */
export type MailBlock =
  | { kind: "lead" | "paragraph" | "details"; lines: string[] }
  | { kind: "button" | "secondary"; label: string; href: string }
  | { kind: "person"; name: string; photoUrl: string }
  | { kind: "logo"; alt: string; url: string }
  | { kind: "rule" };

const URL_IN_TEXT = /(?:https?:\/\/|mailto:)[^\s<>"]+/g;

/** Escaped text with its links made links, lines joined by <br>. */
export function richText(lines: string[]): string {
  return lines
    .map((line) => {
      let out = "";
      let last = 0;
      for (const match of line.matchAll(URL_IN_TEXT)) {
        // A sentence's closing punctuation is not part of its link.
        const url = match[0].replace(/[.,;:!?)]+$/, "");
        out += escapeHtml(line.slice(last, match.index));
        out += fill(piece("link"), { href: url, text: escapeHtml(url) });
        last = match.index! + url.length;
      }
      return out + escapeHtml(line.slice(last));
    })
    .join("<br>");
}

export function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case "rule":
      return piece("rule");
    case "button":
    case "secondary":
      return fill(piece(block.kind), { href: block.href, text: escapeHtml(block.label) });
    case "person":
      return fill(piece("person"), { href: block.photoUrl, text: escapeHtml(block.name) });
    case "logo":
      return fill(piece("logo"), { href: block.url, text: escapeHtml(block.alt) });
    default:
      return fill(piece(block.kind), { text: richText(block.lines) });
  }
}

export interface MailFrame {
  /** The reader's language (an HTML lang value). */
  language?: string;
  /** The first words a mail list shows after the subject. */
  preheader: string;
  /** The app's origin: the header shows the logo from it; without it, the name alone. */
  origin?: string | null;
  /** The footer's line; a default says which app sent it. */
  footer?: string;
  /** A person's photo shown above the content (the host's, in the guest's mails); an absolute URL. */
  person?: { name: string; photoUrl: string } | null;
  /** A brand's logo at the top of the content (the host's or the team's, in the guest's mails); an absolute URL. */
  logo?: { alt: string; url: string } | null;
}

const RTL = new Set(["ar", "he", "fa", "ur"]);

/** The whole HTML part: the cached shell around the blocks. */
export function renderMail(frame: MailFrame, blocks: MailBlock[]): string {
  const language = frame.language ?? "en";
  const dir = RTL.has(language.split("-")[0]!) ? "rtl" : "ltr";
  const footer = frame.footer ?? `Sent by ${PRODUCT}.`;
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">${piece(
    "shell",
    frame.origin ?? null,
  )
    .replace(T.lang, () => escapeHtml(language))
    .replace(T.dir, dir)
    .replace(T.preheader, () => escapeHtml(frame.preheader.slice(0, 140)))
    .replace(T.footer, () => escapeHtml(footer))
    .replace(T.body, () =>
      [
        ...(frame.logo ? [{ kind: "logo" as const, ...frame.logo }] : []),
        ...(frame.person ? [{ kind: "person" as const, ...frame.person }] : []),
        ...blocks,
      ]
        .map(blockHtml)
        .join(""),
    )}`;
}

const LINK_LINE = /^(.*?)\s*(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)])$/;

export interface BlockOptions {
  /** The label of a link alone on its line. */
  linkLabel?: string;
  /** Paragraphs (0-based, between blank lines) shown as a details box, their links inline. */
  details?: number[];
}

/**
 * The blocks of a mail written as text lines (what most mails are): paragraphs between blank
 * lines, the first one the lead; a line ending in a link ("Cancel: https://…") a button labelled
 * by its words (the first one primary); a link alone on its line a button labelled `linkLabel`.
 */
export function linesToBlocks(lines: string[], options: BlockOptions = {}): MailBlock[] {
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line.trim() === "") paragraphs.push([]);
    else paragraphs[paragraphs.length - 1]!.push(line);
  }
  const blocks: MailBlock[] = [];
  let buttons = 0;
  paragraphs.forEach((paragraph, index) => {
    if (paragraph.length === 0) return;
    const kind = index === 0 ? "lead" : options.details?.includes(index) ? "details" : "paragraph";
    if (kind === "details") return blocks.push({ kind, lines: paragraph });
    let text: string[] = [];
    const flush = () => {
      if (text.length > 0) blocks.push({ kind: blocks.length === 0 ? "lead" : kind, lines: text });
      text = [];
    };
    for (const line of paragraph) {
      const link = LINK_LINE.exec(line.trim());
      const label = link?.[1]?.replace(/[:：]$/, "").trim() || (link ? options.linkLabel : undefined);
      if (link && label && !label.includes(": ")) {
        flush();
        blocks.push({ kind: buttons === 0 ? "button" : "secondary", label, href: link[2]! });
        buttons += 1;
      } else text.push(line);
    }
    flush();
  });
  return blocks;
}

/** A mail's HTML from its text lines: the preheader is its first line. */
export function linesToMail(
  lines: string[],
  frame: Omit<MailFrame, "preheader"> & { preheader?: string } = {},
  options?: BlockOptions,
): string {
  const preheader = frame.preheader ?? lines.find((l) => l.trim() !== "") ?? "";
  return renderMail({ ...frame, preheader }, linesToBlocks(lines, options));
}
