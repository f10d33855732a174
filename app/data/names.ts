// People and words for the sample catalogue: review authors and review texts.
// Placeholders in review texts: {title} (service title, lower-cased), {name} (stylist's first name), {area}.

/** Sample customers who wrote the written reviews (first name + last initial). */
export const reviewers: string[] = [
  "Chioma O.",
  "Aisha B.",
  "Funmi A.",
  "Emeka N.",
  "Zainab Y.",
  "Kelechi O.",
  "Bisola M.",
  "Ngozi E.",
  "Tobi A.",
  "Hadiza M.",
  "Uche I.",
  "Temi O.",
];

/** Five-star and four-star texts that fit any service. */
export const generalPraise: string[] = [
  "{name} was on time and very professional. The place is neat and the price was exactly what the app said. I will be back.",
  "Honestly the best {title} I have had in {area}. No long story, no waiting, just good work.",
  "I booked for my sister and paid through the link, everything went smoothly. She loved it!",
  "Very warm welcome, they offered me water and the AC was working. Good value for money.",
  "Lovely experience from start to finish. {name} explained everything before starting.",
  "I was a bit sceptical but the result is clean. My friends have been asking where I did it.",
];

/** Three-star texts: fair but honest. */
export const mixedReviews: string[] = [
  "The work itself is fine but I waited almost 40 minutes past my booking time. Please manage time better.",
  "Good result, but the light went off in the middle and we had to wait for the generator.",
  "Nice service, a bit pricey for {area} though. I would still recommend.",
];

/** Texts per service group, in Nigerian English. */
export const groupPraise: Record<string, string[]> = {
  Hair: [
    "My braids are so neat and light, no tension on my edges at all. {name} has gentle hands.",
    "Came in looking rough, left looking like a whole new person. The lineup is sharp!",
    "{name} took time to understand the style I wanted. My hair is still looking fresh two weeks later.",
    "The barber was patient with my son and the cut came out very clean. Thumbs up.",
  ],
  Nails: [
    "My nails are giving! The gel has lasted three weeks without chipping.",
    "Neat cuticle work and the nail art is exactly like the picture I showed her.",
    "Very hygienic, she opened a new file in front of me. The acrylics are strong and not too thick.",
  ],
  Pedicure: [
    "My feet feel brand new. The foot soak and scrub were so relaxing I nearly slept off.",
    "They removed all the hard skin without any pain. Best pedicure in {area}.",
  ],
  Spa: [
    "The massage was exactly what I needed after a stressful week. The room smelled so nice.",
    "Quiet, clean and very relaxing. The therapist knew how to work out the knots in my back.",
    "The sauna was hot enough and the staff kept checking on us. Lovely afternoon.",
  ],
  Tatoo: [
    "Clean lines and very good aftercare advice. It healed nicely within two weeks.",
    "{name} redrew the stencil three times until I was happy. Very patient artist.",
  ],
  Piercing: [
    "Quick and almost painless. They used a needle, not a gun, and everything was sterile.",
    "I was scared but {name} talked me through it. The stud is beautiful too.",
  ],
  Facials: [
    "My skin is glowing! She also gave me a simple routine to follow at home.",
    "The makeup lasted the whole owambe, from morning till night. Everybody was asking.",
    "Gentle on my sensitive skin and no breakouts afterwards. I will do it monthly.",
  ],
};
