/** Lighthouse on the 8 pages of issue 5 as a mobile (tests/support/lighthouse.ts). */
import { describeLighthouse } from "../support/lighthouse.ts";

describeLighthouse("mobile");
