/** Downloadable files of existing digital products. */
import type { ProductDownloadEntity } from '../entities.ts';
import { MissingPrerequisiteError } from '../errors.ts';
import { checkRange, listOf, params, range, ratio, type ParameterProblems } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { FILE_MIME_TYPES, FILE_TYPES, type FileType } from '../vocabularies.ts';

export interface ProductDownloadParams {
  file_types: FileType[];
  download_limit: { min: number; max: number };
  expiry_days: { min: number; max: number };
  unlimited_ratio: number;
}

/** Plausible sizes in bytes per file type. */
const SIZES: Readonly<Record<FileType, readonly [number, number]>> = {
  pdf: [200_000, 25_000_000],
  zip: [1_000_000, 500_000_000],
  mp3: [3_000_000, 120_000_000],
  mp4: [50_000_000, 2_000_000_000],
  epub: [300_000, 15_000_000],
  png: [100_000, 20_000_000],
};

const LABELS: Readonly<Record<FileType, string>> = {
  pdf: 'PDF',
  zip: 'ZIP archive',
  mp3: 'Audio (MP3)',
  mp4: 'Video (MP4)',
  epub: 'EPUB',
  png: 'Image (PNG)',
};

export const productDownloadGenerator: Generator<ProductDownloadParams, ProductDownloadEntity> = {
  resource: 'product_download',
  schema: params({
    file_types: listOf(FILE_TYPES, ['pdf', 'zip', 'mp3'], 'File types the downloads are made of.'),
    download_limit: range({ min: 3, max: 10 }, { minimum: 1, maximum: 10_000 }, 'How many times a buyer may download a limited file.'),
    expiry_days: range({ min: 30, max: 365 }, { minimum: 1, maximum: 3650 }, 'Days after purchase a limited link keeps working.'),
    unlimited_ratio: ratio(40, 'Share of downloads with neither a download limit nor an expiry.'),
  }),
  needs: ['products'],
  check(p) {
    const problems: ParameterProblems = {};
    checkRange(problems, 'download_limit', p.download_limit);
    checkRange(problems, 'expiry_days', p.expiry_days);
    return problems;
  },
  generate(p, ctx) {
    const digital = ctx.existing.products.filter((x) => x.type === 'digital');
    if (digital.length === 0) {
      throw new MissingPrerequisiteError('product_download', 'products', 'product', 'digital products', 'with product_type digital');
    }
    const batch = new Batch('product_download', ctx.seed, ctx.offset);
    const offset = batch.batchRng().int(0, digital.length - 1);
    return batch.rows(p.count, ({ index, rng }) => {
      const product = digital[(offset + index) % digital.length]!;
      const type = rng.pick(p.file_types);
      const version = rng.int(1, 4);
      const fileName = `${slugify(product.name)}-v${version}.${type}`;
      const unlimited = rng.chance(p.unlimited_ratio);
      const [lo, hi] = SIZES[type];
      return {
        key: batch.key(index),
        product: { id: product.id },
        name: `${product.name} (${LABELS[type]})`,
        file_name: fileName,
        file_type: type,
        mime_type: FILE_MIME_TYPES[type],
        url: `https://downloads.example.com/files/${batch.token(index, 5).toLowerCase()}/${fileName}`,
        file_size_bytes: rng.int(lo, hi),
        download_limit: unlimited ? null : rng.int(p.download_limit.min, p.download_limit.max),
        download_expiry_days: unlimited ? null : rng.int(p.expiry_days.min, p.expiry_days.max),
      };
    });
  },
};
