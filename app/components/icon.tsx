import { createElement, type ReactNode, type SVGProps } from "react";
import type { IconNode } from "lucide";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & { size?: number | string; children?: ReactNode };
export type IconComponent = (props: IconProps) => JSX.Element;

/**
 * An icon drawn from lucide's icon data (docs/decisions/127): the same SVG lucide-react renders
 * (its default attributes, the `lucide lucide-<name>` classes, `aria-hidden` unless the icon is
 * labelled or has children), with the drawing's elements made once per icon instead of its
 * attributes being rebuilt on every render.
 *
 *   import bellDrawing from "lucide/dist/esm/icons/bell.mjs";
 *   const Bell = makeIcon(bellDrawing, "bell");
 */
export function makeIcon(drawing: IconNode, name: string): IconComponent {
  const paths = drawing.map(([tag, attrs], key) => createElement(tag, { key, ...attrs }));
  const classes = `lucide lucide-${name}`;
  function Icon({ size = 24, strokeWidth = 2, className, children, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${classes} ${className}` : classes}
        aria-hidden={children != null || isLabelled(rest) ? undefined : "true"}
        {...rest}
      >
        {paths}
        {children}
      </svg>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

/** Whether the props name the icon for assistive technology (an `aria-*`, `role` or `title`). */
function isLabelled(props: Record<string, unknown>): boolean {
  for (const key in props) {
    if ((key.startsWith("aria-") || key === "role" || key === "title") && props[key] != null) return true;
  }
  return false;
}
