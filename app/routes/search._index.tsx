import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

// The landing search is a plain GET form (works without JavaScript); it arrives here as ?q=...&location=...&date=...
// and is sent on to /search/{slug}, keeping the other fields.
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const term = (url.searchParams.get("q") ?? "").trim().slice(0, 80);
  url.searchParams.delete("q");
  const rest = url.searchParams.toString();
  if (!term) return redirect("/");
  return redirect(`/search/${encodeURIComponent(term.toLowerCase())}${rest ? `?${rest}` : ""}`);
}
