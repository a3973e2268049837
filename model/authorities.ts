/**
 * The data protection supervisory authority of each German Land for businesses (Art. 13 (2) (d), Art. 77 GDPR;
 * § 40 BDSG: the authority of the Land where the business is established). site.yaml's `legal.region` names the
 * Land; the privacy policy quotes the authority as `{legal.authority.name}`, `{legal.authority.street}`, … so
 * that it follows the region, and a region that is no Land is refused (generator/check/legal-settings.ts).
 *
 * Names and postal addresses as each authority publishes them, checked in 2026 against their own sites and
 * imprints. Several names follow the office holder ("Der/Die Landesbeauftragte"); they are written here as the
 * authority currently writes them. In Bavaria the Landesamt (BayLDA) supervises businesses; the Landesbeauftragte
 * (BayLfD) only public bodies. Mecklenburg-Vorpommern: the postal address (the office is at Werderstraße 74a).
 */
export interface Authority {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** The authority's website, https. */
  url: string;
}

export const supervisoryAuthorities = {
  "Baden-Württemberg": {
    name: "Der Landesbeauftragte für den Datenschutz und die Informationsfreiheit Baden-Württemberg",
    street: "Lautenschlagerstraße 20",
    postalCode: "70173",
    city: "Stuttgart",
    url: "https://www.baden-wuerttemberg.datenschutz.de",
  },
  Bayern: {
    name: "Bayerisches Landesamt für Datenschutzaufsicht (BayLDA)",
    street: "Promenade 18",
    postalCode: "91522",
    city: "Ansbach",
    url: "https://www.lda.bayern.de",
  },
  Berlin: {
    name: "Berliner Beauftragte für Datenschutz und Informationsfreiheit",
    street: "Alt-Moabit 59–61",
    postalCode: "10555",
    city: "Berlin",
    url: "https://www.datenschutz-berlin.de",
  },
  Brandenburg: {
    name: "Die Landesbeauftragte für den Datenschutz und für das Recht auf Akteneinsicht Brandenburg",
    street: "Stahnsdorfer Damm 77",
    postalCode: "14532",
    city: "Kleinmachnow",
    url: "https://www.lda.brandenburg.de",
  },
  Bremen: {
    name: "Die Landesbeauftragte für Datenschutz und Informationsfreiheit der Freien Hansestadt Bremen",
    street: "Arndtstraße 1",
    postalCode: "27570",
    city: "Bremerhaven",
    url: "https://www.datenschutz.bremen.de",
  },
  Hamburg: {
    name: "Der Hamburgische Beauftragte für Datenschutz und Informationsfreiheit",
    street: "Ludwig-Erhard-Straße 22",
    postalCode: "20459",
    city: "Hamburg",
    url: "https://datenschutz-hamburg.de",
  },
  Hessen: {
    name: "Der Hessische Beauftragte für Datenschutz und Informationsfreiheit",
    street: "Gustav-Stresemann-Ring 1",
    postalCode: "65189",
    city: "Wiesbaden",
    url: "https://datenschutz.hessen.de",
  },
  "Mecklenburg-Vorpommern": {
    name: "Der Landesbeauftragte für Datenschutz und Informationsfreiheit Mecklenburg-Vorpommern",
    street: "Schloss Schwerin, Lennéstraße 1",
    postalCode: "19053",
    city: "Schwerin",
    url: "https://www.datenschutz-mv.de",
  },
  Niedersachsen: {
    name: "Der Landesbeauftragte für den Datenschutz Niedersachsen",
    street: "Prinzenstraße 5",
    postalCode: "30159",
    city: "Hannover",
    url: "https://www.lfd.niedersachsen.de",
  },
  "Nordrhein-Westfalen": {
    name: "Landesbeauftragte für Datenschutz und Informationsfreiheit Nordrhein-Westfalen",
    street: "Kavalleriestraße 2–4",
    postalCode: "40213",
    city: "Düsseldorf",
    url: "https://www.ldi.nrw.de",
  },
  "Rheinland-Pfalz": {
    name: "Der Landesbeauftragte für den Datenschutz und die Informationsfreiheit Rheinland-Pfalz",
    street: "Hintere Bleiche 34",
    postalCode: "55116",
    city: "Mainz",
    url: "https://www.datenschutz.rlp.de",
  },
  Saarland: {
    name: "Unabhängiges Datenschutzzentrum Saarland",
    street: "Fritz-Dobisch-Straße 12",
    postalCode: "66111",
    city: "Saarbrücken",
    url: "https://www.datenschutz.saarland.de",
  },
  Sachsen: {
    name: "Die Sächsische Datenschutz- und Transparenzbeauftragte",
    street: "Devrientstraße 5",
    postalCode: "01067",
    city: "Dresden",
    url: "https://www.datenschutz.sachsen.de",
  },
  "Sachsen-Anhalt": {
    name: "Die Landesbeauftragte für den Datenschutz Sachsen-Anhalt",
    street: "Otto-von-Guericke-Straße 34a",
    postalCode: "39104",
    city: "Magdeburg",
    url: "https://datenschutz.sachsen-anhalt.de",
  },
  "Schleswig-Holstein": {
    name: "Unabhängiges Landeszentrum für Datenschutz Schleswig-Holstein (ULD)",
    street: "Holstenstraße 98",
    postalCode: "24103",
    city: "Kiel",
    url: "https://www.datenschutzzentrum.de",
  },
  Thüringen: {
    name: "Thüringer Landesbeauftragter für den Datenschutz und die Informationsfreiheit",
    street: "Häßlerstraße 8",
    postalCode: "99096",
    city: "Erfurt",
    url: "https://www.tlfdi.de",
  },
} as const satisfies Record<string, Authority>;

export type Land = keyof typeof supervisoryAuthorities;

export const lands = Object.keys(supervisoryAuthorities) as Land[];

export const isLand = (value: unknown): value is Land =>
  typeof value === "string" && Object.hasOwn(supervisoryAuthorities, value);
