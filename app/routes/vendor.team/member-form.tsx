import { Form } from "@remix-run/react";
import { MemberAvatar } from "~/components/common";
import { WeekHoursTable } from "~/components/week-hours";
import type { TeamMemberView } from "~/models/team/edit-team.server";

// The member form of /vendor/team (name, photo, title, services with their overrides, hours: the week's table of
// /vendor/hours). One multipart POST form, so the photo travels with the rest without JavaScript.

interface MemberFormProps {
  editing: TeamMemberView | null;
  services: { id: number; title: string; priceKobo: number; durationMin: number }[];
  /** What the server said about the photo (the gallery's sentences), shown beside its field. */
  photoErrors?: string[];
}

export function MemberForm({ editing: m, services, photoErrors }: MemberFormProps) {
  const performs = new Map((m?.services ?? []).map((s) => [s.serviceId, s]));
  return (
    <Form method="post" encType="multipart/form-data" className="team-form">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="member" value={m ? m.id : "new"} />
      <label className="field">
        <span className="field__label">Name</span>
        <input name="name" className="input" required maxLength={60} defaultValue={m?.name ?? ""} autoComplete="off" />
      </label>
      <div className="field team-photo">
        {m ? <MemberAvatar name={m.name} photo={m.photo} large /> : null}
        <label className="field">
          <span className="field__label">Photo (optional)</span>
          <input
            type="file"
            name="photo"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="input"
            aria-invalid={photoErrors ? true : undefined}
            aria-describedby={photoErrors ? "photo-error" : "photo-hint"}
          />
          <span id="photo-hint" className="field__hint">
            A JPEG, PNG, WebP or GIF picture of up to 5 MB. Customers see it when they choose who does their service.
          </span>
          {photoErrors ? (
            <span id="photo-error" className="field__error" role="alert">
              {photoErrors.join(". ")}.
            </span>
          ) : null}
        </label>
        {m?.photo ? (
          <label className="check">
            <input type="checkbox" name="remove_photo" />
            <span>Remove the photo</span>
          </label>
        ) : null}
      </div>
      <label className="field">
        <span className="field__label">Title (optional)</span>
        <input name="title" className="input" maxLength={60} defaultValue={m?.title ?? ""} placeholder="Senior stylist" />
      </label>
      <label className="check">
        <input type="checkbox" name="bookable" defaultChecked={m ? m.bookable : true} />
        <span>Bookable online (customers can choose them)</span>
      </label>

      <fieldset className="field">
        <legend className="field__label">Services they perform</legend>
        <p className="dash-sub">Leave price and duration blank for the service&rsquo;s own.</p>
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Price (₦)</th>
                <th scope="col">Minutes</th>
              </tr>
            </thead>
            <tbody>
              {services.map((s) => {
                const own = performs.get(s.id);
                return (
                  <tr key={s.id}>
                    <th scope="row">
                      <label className="check">
                        <input type="checkbox" name={`svc_${s.id}`} defaultChecked={Boolean(own)} />
                        <span>{s.title}</span>
                      </label>
                    </th>
                    <td data-label="Price (₦)">
                      <input
                        name={`price_${s.id}`}
                        className="input input--small"
                        inputMode="numeric"
                        placeholder={String(s.priceKobo / 100)}
                        defaultValue={own?.priceKobo != null ? String(own.priceKobo / 100) : ""}
                        aria-label={`${s.title}: their price in naira`}
                      />
                    </td>
                    <td data-label="Minutes">
                      <input
                        name={`dur_${s.id}`}
                        className="input input--small"
                        inputMode="numeric"
                        placeholder={String(s.durationMin)}
                        defaultValue={own?.durationMin != null ? String(own.durationMin) : ""}
                        aria-label={`${s.title}: their duration in minutes`}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>

      <fieldset className="field">
        <legend className="field__label">Hours</legend>
        <label className="check">
          <input type="radio" name="hours" value="salon" defaultChecked={!m?.week} />
          <span>The salon&rsquo;s hours</span>
        </label>
        <label className="check">
          <input type="radio" name="hours" value="own" defaultChecked={Boolean(m?.week)} />
          <span>Their own hours (below)</span>
        </label>
        <WeekHoursTable week={m?.week ?? []} words={{ opens: "From", closes: "To" }} openWhenUnset={(d) => !m?.week && d <= 6} />
      </fieldset>
      <button type="submit" className="btn btn--primary">
        {m ? "Save member" : "Add member"}
      </button>
    </Form>
  );
}
