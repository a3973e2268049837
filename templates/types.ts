/** The templates' view of the data model (model/): props in, markup out. */
export type {
  AlternateLink,
  LocaleProps,
  PageAssets,
  PageComponent,
  PageProps,
  SharedPart,
  TemplateModule,
} from "../model/page.ts";
export type { Translate } from "../model/content.ts";
export type { ImageSlot, PictureImage } from "../model/image.ts";
