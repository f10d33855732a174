import { loader as adminProblems } from "~/routes/admin.problems/route";
import { loader as adminReviews } from "~/routes/admin.reviews/route";
import { loader as customerAppointments } from "~/routes/user.appointment/route";
import { loader as vendorAppointments } from "~/routes/vendor.appointment/route";
import { loader as vendorFinance } from "~/routes/vendor.finance";
import { loader as vendorReviews } from "~/routes/vendor.reviews/route";

// The dashboards' paged lists, each with its loader and a demo account that may open it: read by the tests of their
// ?page= rule and by the upgrade test (the pages that must read an upgraded database).
export const DASHBOARD_LISTS = [
  { path: "/user/appointment", loader: customerAppointments, who: "customer@example.com" },
  { path: "/vendor/appointment", loader: vendorAppointments, who: "vendor@example.com" },
  { path: "/vendor/finance", loader: vendorFinance, who: "vendor@example.com" },
  { path: "/vendor/reviews", loader: vendorReviews, who: "vendor@example.com" },
  { path: "/admin/reviews", loader: adminReviews, who: "admin@example.com" },
  { path: "/admin/problems", loader: adminProblems, who: "admin@example.com" },
];
