import { useRef, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import { ErrorList } from "~/components/forms";

// The six-box code entry of the e-mailed codes (withdrawals, new bank accounts).

const BOXES = 6;

/**
 * Six one-digit boxes. Without JavaScript each box sends its part (a box also takes the whole code); with it,
 * typing moves to the next box, Backspace goes back, and pasting the code fills every box.
 */
export function CodeBoxes({ error }: { error?: string }) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const fill = (from: number, digits: string) => {
    let at = from;
    for (const d of digits) {
      if (at >= BOXES) break;
      boxes.current[at]!.value = d;
      at++;
    }
    boxes.current[Math.min(at, BOXES - 1)]?.focus();
  };
  const onInput = (i: number) => (e: FormEvent<HTMLInputElement>) => {
    const digits = e.currentTarget.value.replace(/\D/g, "");
    e.currentTarget.value = digits.slice(0, 1);
    if (digits) fill(i, digits);
  };
  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Backspace" && !e.currentTarget.value && i > 0) boxes.current[i - 1]?.focus();
  };
  const onPaste = (i: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    const digits = e.clipboardData.getData("text").replace(/\D/g, "").slice(0, BOXES);
    if (!digits) return;
    e.preventDefault();
    fill(digits.length === BOXES ? 0 : i, digits);
  };
  return (
    <fieldset className="code">
      <legend className="visually-hidden">6-digit code</legend>
      <div className="code__boxes">
        {Array.from({ length: BOXES }, (_, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            name="code"
            className="input code__box"
            inputMode="numeric"
            autoComplete={i === 0 ? "one-time-code" : "off"}
            maxLength={BOXES}
            pattern="[0-9]*"
            aria-label={`Digit ${i + 1} of ${BOXES}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "code-error" : undefined}
            required={i === 0}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the e-mailed code is all the page asks for
            autoFocus={i === 0}
            onInput={onInput(i)}
            onKeyDown={onKeyDown(i)}
            onPaste={onPaste(i)}
          />
        ))}
      </div>
      <ErrorList id="code-error" errors={error ? [error] : undefined} />
    </fieldset>
  );
}
