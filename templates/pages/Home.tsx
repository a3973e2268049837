import { CallToAction } from "../components/CallToAction.tsx";
import { UpcomingDates } from "../components/UpcomingDates.tsx";
import { AboutTrainer } from "../home/AboutTrainer.tsx";
import { Experiences } from "../home/Experiences.tsx";
import { FeaturedTestimonial } from "../home/FeaturedTestimonial.tsx";
import { Features } from "../home/Features.tsx";
import { Hero } from "../home/Hero.tsx";
import { Practical } from "../home/Practical.tsx";
import { Ranch } from "../home/Ranch.tsx";
import { TrustedBy } from "../home/TrustedBy.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/** The home page: every section of seed spec §2 "Home", in its order (each in templates/home/). */
export default function Home(props: PageProps) {
  const { t, href } = props;
  return (
    <Layout
      {...props}
      title={t("meta.home.title")}
      description={t("meta.home.description")}
      // No structured data of its own: the dates' events and the Course are on the pricing page, which each
      // event names as its url; here they cost 0.7 KB of the first round trip (issue 35) and told search nothing new.
      stylesheet="home"
    >
      <Hero {...props} />
      {/* What a buyer decides on comes first: the dates with their prices, then a voice of someone who came. */}
      <UpcomingDates {...props} id="dates" />
      <FeaturedTestimonial {...props} />
      <Ranch {...props} />
      <AboutTrainer {...props} />
      <Experiences {...props} />
      <Features {...props} />
      <TrustedBy {...props} />
      <Practical {...props} />
      <CallToAction id="cta-title" title={t("cta.title")} text={t("cta.text")}>
        <a className="button button-primary" href={href("contact/")}>
          {t("cta.button")}
        </a>
      </CallToAction>
    </Layout>
  );
}
