// Links to the review page (review.html) from the table's summaries and the replay page.

import { el } from "./api.js";
import { t } from "./i18n.js";

// A link that reviews match `match` of table `id` for `seat`: the whole match when it is
// over, else the deal just scored (`deal=last`).
export function reviewLink(id, match, seat, over) {
  const q = new URLSearchParams({ id, match: String(match), seat: String(seat ?? 0) });
  if (!over) q.set("deal", "last");
  return el("a", { class: "button", href: `/review.html?${q}`, dataset: { action: "review" } },
    t(over ? "web_review" : "web_review_deal"));
}
