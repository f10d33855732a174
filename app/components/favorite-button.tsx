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
      <input type="hidden" name="redirectTo" value={back} />
      {/* Only a hydrated page asks for a data answer; a plain form post gets a redirect back. */}
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      {/* The button carries what it asks for (its name and value are sent with the form, with JavaScript or without);
          the heart itself is drawn by catalogue.css (.heart::before), outlined or filled by the class. */}
      <button
        type="submit"
        name="favorite"
        value={on ? "0" : "1"}
        className={on ? "heart heart--on" : "heart"}
        aria-pressed={on}
        aria-label={on ? `Remove ${title} from favourites` : `Save ${title} to favourites`}
      />
    </fetcher.Form>
  );
}
