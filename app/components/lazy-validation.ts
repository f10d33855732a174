import { useEffect, useState } from "react";

/**
 * Live validation that loads when someone first focuses or changes a control of the form `formId` (controls
 * outside the <form> element count through their `form` attribute) instead of with the page, which keeps a schema
 * library out of the page's first view (issue 7's page weight). Returns null until it has loaded: meanwhile the
 * server validates every submit, as it does without JavaScript. A failed load (offline) is tried again on the
 * next interaction.
 */
export function useLazyValidation<V>(formId: string, load: () => Promise<V>): V | null {
  const [loaded, setLoaded] = useState<{ validate: V } | null>(null);
  useEffect(() => {
    let live = true;
    const events = ["focusin", "input"] as const;
    const listen = () => events.forEach((type) => document.addEventListener(type, start));
    const stop = () => events.forEach((type) => document.removeEventListener(type, start));
    function start(event: Event) {
      const control = event.target as { form?: HTMLFormElement | null } | null;
      if (control?.form?.id !== formId) return;
      stop();
      load().then(
        (validate) => live && setLoaded({ validate }),
        () => live && listen()
      );
    }
    listen();
    return () => {
      live = false;
      stop();
    };
    // The first `load` is the one used; a new function on each render must not start over.
  }, [formId]);
  return loaded?.validate ?? null;
}
