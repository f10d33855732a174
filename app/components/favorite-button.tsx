import { useFetcher, useLocation } from "@remix-run/react";
import { useHydrated } from "~/components/forms";

/**
 * The heart on a service card: a POST form to /favorites that saves or removes (never toggles blindly, so a
 * double submit cannot undo itself). Without JavaScript it posts and comes back to this page and card; with
 * JavaScript it posts through a fetcher and shows the new state at once.
 */
export function FavoriteButton({ serviceId, favorite, title, anchor }: { serviceId: number; favorite: boolean; title: string; anchor?: string }) {
  const fetcher = useFetcher<{ favorite?: boolean }>();
  const location = useLocation();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("favorite");
  const on = pending === "1" || pending === "0" ? pending === "1" : (fetcher.data?.favorite ?? favorite);
  const back = `${location.pathname}${location.search}${anchor ? `#${anchor}` : ""}`;
  return (
    <fetcher.Form method="post" action="/favorites" className="heart-form" preventScrollReset>
      <input type="hidden" name="serviceId" value={serviceId} />
      <input type="hidden" name="favorite" value={on ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={back} />
      {/* Only a hydrated page asks for a data answer; a plain form post gets a redirect back. */}
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <button
        type="submit"
        className={on ? "heart heart--on" : "heart"}
        aria-pressed={on}
        aria-label={on ? `Remove ${title} from favourites` : `Save ${title} to favourites`}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 20.5s-7.5-4.6-9.4-9.2C1.3 8 3.4 4.5 6.9 4.5c2 0 3.5 1.1 5.1 3 1.6-1.9 3.1-3 5.1-3 3.5 0 5.6 3.5 4.3 6.8-1.9 4.6-9.4 9.2-9.4 9.2z" />
        </svg>
      </button>
    </fetcher.Form>
  );
}
