import { Circle, Document, Image, Page, Path, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { Brand } from '../../../brands/types.ts';
import type { CertificateData } from '../../../resources/certificate.ts';
import {
  certificateSections,
  DEVICE_STANDARD,
  warrantyPeriod,
  warrantyTexts,
  type CertificateSection,
  type Translate,
} from '../sections.ts';
import { PDF_FONTS } from './registerFonts.ts';
import { piecesToFit } from './fitText.ts';

export interface CertificateDocumentProps {
  data: CertificateData;
  t: Translate;
  brand: Brand;
  /** PNG data URL of the page address's QR code. */
  qrCode?: string;
  /** Each image's address -> a data URL the PDF can embed (images that could not be read are left out). */
  images: Record<string, string>;
}

const PAGE_PADDING = 28;
const CELL_PADDING = 4;
const VALUE_SIZE = 9;
/** What a value may take of a cell 4 wide on A4 (595.28 pt): a quarter of the page within its padding, less the cell's padding and border. */
const VALUE_WIDTH = (595.28 - 2 * PAGE_PADDING) / 4 - 2 * CELL_PADDING - 1;

const styles = StyleSheet.create({
  page: { padding: PAGE_PADDING, paddingBottom: 44, fontFamily: PDF_FONTS, fontSize: 9, color: '#1f2937' },
  header: { flexDirection: 'row', alignItems: 'center', marginBottom: 12 },
  brandBlock: { flex: 1, marginLeft: 10 },
  brandName: { fontSize: 13, fontWeight: 700 },
  title: { fontSize: 16, fontWeight: 700, marginTop: 2 },
  subtitle: { fontSize: 9, color: '#4b5563', marginTop: 2 },
  qr: { width: 78, height: 78 },
  sectionTitle: {
    color: '#ffffff',
    fontSize: 10,
    fontWeight: 700,
    paddingVertical: 3,
    paddingHorizontal: 6,
    marginTop: 8,
  },
  row: { flexDirection: 'row', borderLeftWidth: 0.5, borderColor: '#cbd5e1' },
  cell: { width: '25%', borderRightWidth: 0.5, borderBottomWidth: 0.5, borderColor: '#cbd5e1', padding: CELL_PADDING },
  label: { fontSize: 7, color: '#6b7280' },
  value: { fontSize: VALUE_SIZE, fontWeight: 700, marginTop: 1 },
  valuePieces: { flexDirection: 'row', flexWrap: 'wrap' },
  valuePiece: { fontSize: VALUE_SIZE, fontWeight: 700 },
  imageCell: { width: '33.33%', padding: 4 },
  image: { height: 150, objectFit: 'contain', backgroundColor: '#f3f4f6' },
  paragraph: { marginBottom: 5, textAlign: 'justify' },
  heading: { fontSize: 10.5, fontWeight: 700, marginTop: 8, marginBottom: 3 },
  point: { flexDirection: 'row', marginBottom: 2 },
  pointNumber: { width: 14 },
  pointText: { flex: 1 },
  disclaimer: { marginTop: 12, fontSize: 8, color: '#4b5563', textAlign: 'justify' },
  footer: {
    position: 'absolute',
    bottom: 18,
    left: 28,
    right: 28,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7.5,
    color: '#6b7280',
  },
  signatures: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 28 },
  signature: {
    width: '40%',
    borderTopWidth: 0.5,
    borderColor: '#6b7280',
    paddingTop: 3,
    textAlign: 'center',
    fontSize: 8,
  },
});

/** The brand's mark (the same drawing as brands/types.ts's logo) in its primary colour. */
function Logo({ brand }: { brand: Brand }) {
  const color = brand.palette.primary;
  return (
    <Svg viewBox="0 0 64 64" style={{ width: 40, height: 40 }}>
      <Circle cx="32" cy="26" r="20" fill={color} />
      <Path d="M32 62 16 38h32z" fill={color} />
      <Circle cx="32" cy="26" r="12" fill="#ffffff" />
      <Circle cx="32" cy="26" r="5" fill={color} />
    </Svg>
  );
}

function Header({
  brand,
  title,
  subtitle,
  qrCode,
}: {
  brand: Brand;
  title: string;
  subtitle: string;
  qrCode?: string;
}) {
  return (
    <View style={styles.header}>
      <Logo brand={brand} />
      <View style={styles.brandBlock}>
        <Text style={[styles.brandName, { color: brand.palette.primary }]}>{brand.brandNameInCertificate}</Text>
        <Text style={styles.title}>{title}</Text>
        <Text style={styles.subtitle}>{subtitle}</Text>
      </View>
      {qrCode ? <Image src={qrCode} style={styles.qr} /> : null}
    </View>
  );
}

function Footer({ t, brand }: { t: Translate; brand: Brand }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{t('certificate.pdf.issuedBy', { brand: brand.brandNameInCertificate })}</Text>
      <Text
        render={({ pageNumber, totalPages }) => t('certificate.pdf.page', { page: pageNumber, pages: totalPages })}
      />
    </View>
  );
}

/** A cell's value; one with a word too wide for the cell (a long e-mail) wraps inside it, piece by piece (fitText.ts). */
function Value({ value }: { value: string }) {
  const lines = piecesToFit(value, VALUE_SIZE, VALUE_WIDTH);
  if (!lines) return <Text style={styles.value}>{value}</Text>;
  return (
    <View style={{ marginTop: 1 }}>
      {lines.map((pieces, i) => (
        <View key={i} style={styles.valuePieces}>
          {pieces.map((piece, k) => (
            <Text key={k} style={styles.valuePiece}>
              {piece}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

/** Rows of `width` items. */
const rowsOf = <T,>(items: T[], width: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / width) }, (_, i) => items.slice(i * width, i * width + width));

/** A section's values in a table 4 columns wide (spec §9). */
function InfoTable({ section, color }: { section: Extract<CertificateSection, { type: 'info' }>; color: string }) {
  return (
    <View wrap={false}>
      <Text style={[styles.sectionTitle, { backgroundColor: color }]}>{section.header}</Text>
      {rowsOf(section.data, 4).map((row, i) => (
        <View key={i} style={styles.row}>
          {row.map((item) => (
            <View key={item.header} style={styles.cell}>
              <Text style={styles.label}>{item.header}</Text>
              <Value value={item.value} />
            </View>
          ))}
          {Array.from({ length: 4 - row.length }, (_, k) => (
            <View key={`empty-${k}`} style={styles.cell} />
          ))}
        </View>
      ))}
    </View>
  );
}

/** A section's images in a table 3 wide (spec §9). */
function ImageTable({
  section,
  images,
  color,
}: {
  section: Extract<CertificateSection, { type: 'image' }>;
  images: Record<string, string>;
  color: string;
}) {
  const shown = section.images.filter((url) => images[url]);
  return (
    <View>
      <Text style={[styles.sectionTitle, { backgroundColor: color }]}>{section.header}</Text>
      {rowsOf(shown, 3).map((row, i) => (
        <View key={i} style={{ flexDirection: 'row' }} wrap={false}>
          {row.map((url) => (
            <View key={url} style={styles.imageCell}>
              <Image src={images[url]!} style={styles.image} />
            </View>
          ))}
        </View>
      ))}
    </View>
  );
}

function WarrantyPage({ data, t, brand, copy }: { data: CertificateData; t: Translate; brand: Brand; copy: string }) {
  const warranty = warrantyTexts(t, brand.warrantyBrandNames);
  const owner = [data.owner.firstName, data.owner.lastName].filter(Boolean).join(' ');
  const summary: Extract<CertificateSection, { type: 'info' }> = {
    header: copy,
    type: 'info',
    data: [
      { header: t('certificate.fields.registrationNumber'), value: data.vehicle.registrationNumber },
      { header: t('certificate.fields.imei'), value: data.device.imei },
      ...warrantyPeriod(data, t),
      { header: t('certificate.fields.name'), value: owner || '—' },
      { header: t('certificate.fields.deviceModel'), value: data.device.model ?? '—' },
      { header: t('certificate.fields.standard'), value: DEVICE_STANDARD },
      { header: t('certificate.fields.brandName'), value: data.vendor.brandName },
    ],
  };
  return (
    <Page size="A4" style={styles.page}>
      <Header brand={brand} title={warranty.title} subtitle={copy} />
      <InfoTable section={summary} color={brand.palette.primary} />
      {warranty.sections.map((s) => (
        <View key={s.heading} wrap={false}>
          <Text style={styles.heading}>{s.heading}</Text>
          {s.paragraphs?.map((p) => (
            <Text key={p} style={styles.paragraph}>
              {p}
            </Text>
          ))}
          {s.points?.map((p, i) => (
            <View key={p} style={styles.point}>
              <Text style={styles.pointNumber}>{`${i + 1}.`}</Text>
              <Text style={styles.pointText}>{p}</Text>
            </View>
          ))}
        </View>
      ))}
      <Text style={styles.heading}>{t('certificate.warranty.companyAddress')}</Text>
      <Text>{brand.brandNameInCertificate}</Text>
      <Text>{brand.address}</Text>
      <Text>{`${brand.email} · ${brand.phone}`}</Text>
      <View style={styles.signatures}>
        <Text style={styles.signature}>{t('certificate.warranty.ownerSignature')}</Text>
        <Text style={styles.signature}>{t('certificate.warranty.signature')}</Text>
      </View>
      <Footer t={t} brand={brand} />
    </Page>
  );
}

/**
 * The certificate PDF (spec §9): the fitment page, an image page when there are images, and the
 * Customer's and the Department's warranty pages.
 */
export function CertificateDocument({ data, t, brand, qrCode, images }: CertificateDocumentProps) {
  const sections = certificateSections(data, t);
  const infos = sections.filter((s): s is Extract<CertificateSection, { type: 'info' }> => s.type === 'info');
  const imageSections = sections.filter(
    (s): s is Extract<CertificateSection, { type: 'image' }> =>
      s.type === 'image' && s.images.some((url) => images[url]),
  );
  const color = brand.palette.primary;
  const title = t('certificate.title');
  return (
    <Document
      title={`${title} ${data.vehicle.registrationNumber}`}
      author={brand.brandNameInCertificate}
      subject={data.device.imei}
      language="en"
    >
      <Page size="A4" style={styles.page}>
        <Header
          brand={brand}
          title={title}
          subtitle={t('certificate.certificateNo', { imei: data.device.imei })}
          qrCode={qrCode}
        />
        {infos.map((section) => (
          <InfoTable key={section.header} section={section} color={color} />
        ))}
        <Text style={styles.disclaimer}>{t('certificate.disclaimer', { standard: DEVICE_STANDARD })}</Text>
        <Footer t={t} brand={brand} />
      </Page>
      {imageSections.length > 0 && (
        <Page size="A4" style={styles.page}>
          <Header
            brand={brand}
            title={t('certificate.pdf.images')}
            subtitle={`${data.vehicle.registrationNumber} · ${data.device.imei}`}
          />
          {imageSections.map((section) => (
            <ImageTable key={section.header} section={section} images={images} color={color} />
          ))}
          <Footer t={t} brand={brand} />
        </Page>
      )}
      <WarrantyPage data={data} t={t} brand={brand} copy={t('certificate.warranty.customerCopy')} />
      <WarrantyPage data={data} t={t} brand={brand} copy={t('certificate.warranty.departmentCopy')} />
    </Document>
  );
}
