import { makeIcon } from "~/components/icon";
import checkDrawing from "lucide/dist/esm/icons/check.mjs";
import copyDrawing from "lucide/dist/esm/icons/copy.mjs";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";

const Check = makeIcon(checkDrawing, "check");
const Copy = makeIcon(copyDrawing, "copy");

export type CopyState = "yes" | "no" | null;

/**
 * Copying a text shown in a read-only field (a booking link, a new API token, an embed snippet):
 * the field is selectable without JavaScript; once hydrated, a Copy button writes the clipboard,
 * and where the clipboard is refused (an insecure origin, a denied permission) `select` marks
 * the text for Ctrl+C instead.
 */
export function useCopy(text: string, select: () => void) {
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState<CopyState>(null);
  useEffect(() => setHydrated(true), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      select();
      setCopied("no");
    }
  }
  return { hydrated, copied, setCopied, copy };
}

/** The Copy button of useCopy; `compact` shows only the icon on a phone. */
export function CopyButton({
  copied,
  onCopy,
  label,
  compact = false,
  className = "",
}: {
  copied: CopyState;
  onCopy: () => void;
  label?: string;
  compact?: boolean;
  className?: string;
}) {
  return (
    <Button type="button" variant="secondary" onClick={onCopy} className={`shrink-0 ${className}`} aria-label={label}>
      {copied === "yes" ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
      <span className={compact ? "hidden sm:inline" : undefined}>{copied === "yes" ? "Copied" : "Copy"}</span>
    </Button>
  );
}
