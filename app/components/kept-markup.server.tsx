import { createElement, useContext, type Context, type HTMLAttributes, type ReactNode } from "react";
import { UNSAFE_RemixContext } from "@remix-run/react";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
  useLocation,
} from "react-router-dom";
import * as domServer from "react-dom/server";
import { insideKeptMarkup, sharedMarkup } from "~/utils/shared-markup.server";

/** The key of a kept part, given the page's address (the path and the query, as the page's links see them). */
export type MarkupKey = (at: { pathname: string; search: string }) => string;

// What the kept parts may read of the page around them: the router's and Remix's contexts (links, forms, loader
// data). A part is rendered on its own, so these are handed on to it; the app's own contexts (the CSP nonce) are not.
const PAGE_CONTEXTS = [
  UNSAFE_RemixContext,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_ViewTransitionContext,
  UNSAFE_NavigationContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
] as Context<unknown>[];

/**
 * Whether the page's renderer takes an element's inner HTML as bytes: the production stream renderer does, as
 * patched (patches/react-dom+18.3.1.patch); the development build and renderToString take strings.
 */
const pageTakesBytes = (domServer as { glowByteMarkup?: boolean }).glowByteMarkup === true;

/** SharedMarkup on the server (components/shared-markup.tsx): the element with its kept contents. */
export function KeptMarkup({
  as: Element,
  markupKey,
  attributes,
  children,
}: {
  as: string;
  markupKey: MarkupKey;
  attributes: HTMLAttributes<HTMLElement>;
  children: () => ReactNode;
}) {
  // The same fixed list, in the same order, on every render: the rule against hooks in a loop guards against lists
  // that change between renders.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- PAGE_CONTEXTS is a constant
  const values = PAGE_CONTEXTS.map((context) => useContext(context));
  const location = useLocation();
  const inPage = () => PAGE_CONTEXTS.reduceRight<ReactNode>((inner, context, i) => createElement(context.Provider, { value: values[i] }, inner), children());
  const bytes = sharedMarkup(`${Element} ${markupKey(location)}`, inPage);
  if (bytes === null) return createElement(Element, attributes, children());
  // React's types say a string; the patched renderer also takes the kept bytes, and sends them as they are.
  const html = (pageTakesBytes && !insideKeptMarkup() ? bytes : bytes.toString("utf8")) as unknown as string;
  return createElement(Element, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}

const jsonOf = new WeakMap<object, string>();

/** A value's JSON for a key, worked out once per object (shared data is one object for everyone until it changes). */
export function keyJson(value: object): string {
  let json = jsonOf.get(value);
  if (json === undefined) jsonOf.set(value, (json = JSON.stringify(value)));
  return json;
}
