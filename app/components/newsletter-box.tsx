import { Form, useLocation } from "@remix-run/react";

/** The newsletter box (Home). A plain POST form: works the same with and without JavaScript. */
export function NewsletterBox() {
  const location = useLocation();
  return (
    <section id="newsletter" className="newsletter card" aria-labelledby="newsletter-title">
      <img src="/img/newsletter.svg" alt="" width={240} height={180} loading="lazy" className="newsletter__art" />
      <div>
        <h2 id="newsletter-title">Get styles and offers first</h2>
        <p>New stylists near you, trending looks and promo prices, once a week. No spam.</p>
        <Form method="post" action="/newsletter" className="newsletter__form" preventScrollReset>
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <label htmlFor="newsletter-email" className="visually-hidden">
            Email address
          </label>
          <input
            id="newsletter-email"
            type="email"
            name="email"
            required
            maxLength={254}
            placeholder="Your email address"
            autoComplete="email"
            className="input"
          />
          <button type="submit" className="btn btn--accent">
            Subscribe
          </button>
        </Form>
        <p className="newsletter__consent">By subscribing, you agree to receive Glow's weekly email.</p>
      </div>
    </section>
  );
}
