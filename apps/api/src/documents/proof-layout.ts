import { AFRelationship, PDFDocument } from "pdf-lib";
import { cachedFontkit, DRAWN_FONT_FEATURES } from "./font-cache";
import { fontBytes } from "./fonts";
import { compressContentStreamsNatively, embedPngNatively, useNativeFlate } from "./native-flate";
import { COLORS, Layout, type Fonts } from "./proof-page-layout";
import type { ProofModel } from "./proof-model";

export type { ProofModel } from "./proof-model";

/** Lays the proof out with pdf-lib (the document worker calls it). */
export async function layoutProofInThisThread(model: ProofModel): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  useNativeFlate(document);
  document.registerFontkit(cachedFontkit);
  const fonts: Fonts = {
    regular: await document.embedFont(fontBytes("DejaVuSans"), {
      subset: true,
      features: DRAWN_FONT_FEATURES,
    }),
    bold: await document.embedFont(fontBytes("DejaVuSans-Bold"), {
      subset: true,
      features: DRAWN_FONT_FEATURES,
    }),
    mono: await document.embedFont(fontBytes("DejaVuSansMono"), {
      subset: true,
      features: DRAWN_FONT_FEATURES,
    }),
  };
  document.setTitle(model.documentTitle, { showInWindowTitleBar: true });
  document.setAuthor("Paraphe");
  document.setCreator("Paraphe");
  document.setProducer("Paraphe");
  document.setSubject(model.envelopeId);
  document.setLanguage(model.language);
  document.setCreationDate(model.generatedAt);
  document.setModificationDate(model.generatedAt);

  await document.attach(model.record.bytes, model.record.filename, {
    mimeType: "application/json",
    description: model.record.description,
    creationDate: model.generatedAt,
    modificationDate: model.generatedAt,
    afRelationship: AFRelationship.Data,
  });

  const { texts } = model;
  const layout = new Layout(document, fonts, model);

  if (model.brand !== undefined) {
    const logo = model.brand.logo;
    const image =
      logo === undefined
        ? undefined
        : logo.type === "image/png"
          ? await embedPngNatively(document, logo.bytes)
          : await document.embedJpg(logo.bytes);
    layout.brand(model.brand.name, image);
  }
  layout.gap(6);
  layout.text(texts.heading, { font: fonts.bold, size: 20 });
  layout.gap(4);
  layout.text(texts.title, { font: fonts.regular, size: 13 });
  layout.gap(8);
  layout.text(texts.intro, { size: 9, color: COLORS.muted });
  layout.gap(18);

  layout.sectionHeading(texts.summaryHeading);
  for (const row of model.summary) layout.keyValue(row.label, row.value, row.mono);
  layout.gap(18);

  layout.sectionHeading(texts.signersHeading);
  for (const signer of model.signers) {
    const image = signer.signatureImage
      ? await embedPngNatively(document, signer.signatureImage)
      : undefined;
    layout.signer(signer, image);
  }
  layout.gap(18);

  layout.sectionHeading(texts.eventsHeading);
  layout.eventTable(model.events);
  layout.gap(18);

  layout.keepTogether(60);
  layout.sectionHeading(texts.verificationHeading);
  layout.text(texts.verificationBody, { size: 8.5, color: COLORS.muted });

  layout.finish();
  await compressContentStreamsNatively(document);
  // In the worker thread: nothing else waits on this event loop, so no pauses while writing.
  return document.save({ objectsPerTick: Infinity });
}
