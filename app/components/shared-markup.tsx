import type { HTMLAttributes, ReactNode } from "react";
import { KeptMarkup, type MarkupKey } from "~/components/kept-markup.server";

export type { MarkupKey };

type Tag = "article" | "div" | "nav" | "ul";

/**
 * An element whose contents are the same for everyone given the same key: on the server they are rendered once and
 * kept (components/kept-markup.server.tsx); in the browser React renders `children` as usual and hydrates the markup
 * the server sent. `children` is a function, so that a page whose part is kept does not build the part's elements
 * only to drop them. `markupKey` (asked on the server only, with the page's address) must name everything the children
 * read: their data, and the address if they link back to it. Nothing inside may use `useId` (kept markup would carry
 * one page's ids).
 */
export function SharedMarkup({
  as: Element,
  markupKey,
  children,
  ...attributes
}: { as: Tag; markupKey: MarkupKey; children: () => ReactNode } & Omit<HTMLAttributes<HTMLElement>, "children">) {
  if (typeof document === "undefined") {
    return (
      <KeptMarkup as={Element} markupKey={markupKey} attributes={attributes}>
        {children}
      </KeptMarkup>
    );
  }
  return <Element {...attributes}>{children()}</Element>;
}
