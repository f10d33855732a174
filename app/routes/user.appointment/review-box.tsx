import { Form } from "@remix-run/react";
import { FormMessages } from "~/components/forms";
import { StarInput } from "~/components/star-input";
import type { OwnReview } from "~/models/reviews/reviews.server";
import { REVIEW_EDIT_DAYS, REVIEW_MAX_LENGTH } from "~/models/reviews/review-rules";
import { formatDate } from "~/utils/time";

/**
 * A completed visit's review: the form to write it (or change it, within REVIEW_EDIT_DAYS), else the review as
 * published, with the vendor's reply. A refused review shows its message here, where the person is looking.
 */
export function ReviewBox({
  appointmentRef,
  businessName,
  review,
  errorId,
  errors,
  refused,
}: {
  appointmentRef: string;
  businessName: string;
  review: OwnReview | null;
  errorId: string;
  /** The messages of a refused review; null when the last answer was not about the review. */
  errors: string[] | null;
  refused?: Record<string, string[] | null | undefined> | null;
}) {
  return (
    <section id="review" className="review-box" aria-labelledby="review-title" tabIndex={-1}>
      <h3 id="review-title" className="booking__sub">
        {review ? "Your review" : "How was your visit?"}
      </h3>
      {review?.reply ? (
        <p className="review-box__reply">
          <strong>{businessName} replied:</strong> {review.reply}
        </p>
      ) : null}
      {review && !review.editable ? (
        <>
          <p>
            {"★".repeat(review.rating)}
            {"☆".repeat(5 - review.rating)} <span className="visually-hidden">{review.rating} out of 5</span>
          </p>
          <p>{review.body}</p>
          <p className="booking__muted">
            {review.hidden ? "This review was hidden by Glow." : `Reviews can be changed for ${REVIEW_EDIT_DAYS} days after they are written.`}
          </p>
        </>
      ) : (
        <Form method="post" action={`/user/appointment?tab=past&ref=${appointmentRef}#review`} className="review-form">
          {errors ? <FormMessages id={errorId} errors={errors} refused={refused} /> : null}
          <input type="hidden" name="intent" value="review" />
          <input type="hidden" name="ref" value={appointmentRef} />
          <StarInput defaultValue={review?.rating} />
          <label htmlFor="review-body" className="field__label">
            Your review
          </label>
          <textarea
            id="review-body"
            name="body"
            className="input textarea"
            required
            maxLength={REVIEW_MAX_LENGTH}
            defaultValue={review?.body ?? ""}
            placeholder="What did you like? Would you recommend it?"
          />
          <p className="field__hint">
            {review
              ? `You can change it until ${formatDate(review.editableUntil)}.`
              : `Shown on the service page with your first name and initial. You can change it for ${REVIEW_EDIT_DAYS} days.`}
          </p>
          <button type="submit" className="btn btn--primary">
            {review ? "Update my review" : "Publish my review"}
          </button>
        </Form>
      )}
    </section>
  );
}
