import { DomainError, ErrorCode, type UploadPurpose } from '@chitram/contracts';
import { validationFields } from '@chitram/nest-kit';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { UploadForm, UploadFormSpec } from './upload-form';

/** Where a file field's stored key goes in the catalogue payload, and what the field accepts. */
interface FileField {
  purpose: UploadPurpose;
  into: string;
}

/**
 * The multipart shape of an admin form (DECISIONS D30): text fields under SPEC §3's names, the fields
 * that may repeat, and the file fields whose stored keys fill the payload's image fields.
 */
export interface FormShape {
  /** Text fields sent once per item (`genre` per genre, `cast[]` per name): always a list. */
  lists: readonly string[];
  files: Readonly<Record<string, FileField>>;
  /** Repeatable blocks (`episodes[0][title]`, `episodes[0][banner]`) and their own shape. */
  blocks?: Readonly<
    Record<string, { lists: readonly string[]; files: Readonly<Record<string, FileField>>; max: number }>
  >;
}

/** The movie form: files thumbnail, banner (image or short video) and titleImage. */
export const MOVIE_FORM: FormShape = {
  lists: ['cast', 'genre'],
  files: {
    thumbnail: { purpose: 'image', into: 'thumbnailUrl' },
    banner: { purpose: 'banner', into: 'bannerUrl' },
    titleImage: { purpose: 'image', into: 'titlePngUrl' },
  },
};

/** The show (episode) form: banner and title image accept images (SPEC §5). */
export const SHOW_FORM: FormShape = {
  lists: ['cast'],
  files: {
    banner: { purpose: 'image', into: 'bannerUrl' },
    titleImage: { purpose: 'image', into: 'titlePngUrl' },
  },
};

/** The series form (SPEC §2.13, D11): the series' title image, and one banner per episode block. */
export const SERIES_FORM: FormShape = {
  lists: ['cast', 'genre', 'tags'],
  files: { titleImage: { purpose: 'image', into: 'titlePngUrl' } },
  blocks: {
    episodes: { lists: [], files: { banner: { purpose: 'image', into: 'bannerUrl' } }, max: 200 },
  },
};

const BLOCK_FIELD = /^([A-Za-z]\w*)\[(\d{1,3})\]\[([A-Za-z]\w*)\]$/;

/** What the multipart reader needs to know: which file fields exist and how many files at most. */
export function uploadSpec(shape: FormShape): UploadFormSpec {
  const blockFiles = Object.values(shape.blocks ?? {}).reduce(
    (n, b) => n + b.max * Object.keys(b.files).length,
    0,
  );
  return {
    maxFiles: Object.keys(shape.files).length + blockFiles,
    fileField(name) {
      const block = BLOCK_FIELD.exec(name);
      if (block) return shape.blocks?.[block[1]]?.files[block[3]]?.purpose;
      return Object.hasOwn(shape.files, name) ? shape.files[name].purpose : undefined;
    },
  };
}

function invalid(field: string, problem: string): DomainError {
  return new DomainError(ErrorCode.VALIDATION_FAILED, `${field} ${problem}`, { [field]: [problem] });
}

function put(
  target: Record<string, unknown>,
  name: string,
  values: string[],
  lists: readonly string[],
  formName: string,
): void {
  if (lists.includes(name)) {
    target[name] = values;
    return;
  }
  if (values.length > 1) throw invalid(formName, 'was sent more than once');
  target[name] = values[0];
}

/**
 * The catalogue payload of a form: text fields as sent (the catalogue's rules split `cast`, read
 * `isFree`, leave out empty fields on an update), repeated list fields as lists, block fields
 * (`episodes[1][title]`) as a list of objects in index order, and each stored file's key in the
 * image field it fills.
 */
export function formPayload(form: UploadForm, shape: FormShape): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const blocks = new Map<string, Map<number, Record<string, unknown>>>();
  const blockOf = (name: string, index: number) => {
    const list = blocks.get(name) ?? new Map<number, Record<string, unknown>>();
    blocks.set(name, list);
    const item = list.get(index) ?? {};
    list.set(index, item);
    return item;
  };

  for (const [name, values] of form.fields) {
    const block = BLOCK_FIELD.exec(name);
    const blockShape = block && shape.blocks?.[block[1]];
    if (block && blockShape) {
      put(blockOf(block[1], Number(block[2])), block[3], values, blockShape.lists, name);
    } else if (block || shape.blocks?.[name]) {
      throw invalid(name, 'is not a field of this form');
    } else {
      put(payload, name, values, shape.lists, name);
    }
  }
  for (const [name, stored] of form.files) {
    const block = BLOCK_FIELD.exec(name);
    if (block) blockOf(block[1], Number(block[2]))[shape.blocks![block[1]].files[block[3]].into] = stored.key;
    else payload[shape.files[name].into] = stored.key;
  }
  for (const [name, items] of blocks) {
    payload[name] = [...items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
  }
  return payload;
}

/** The form's own name for a payload field: `thumbnailUrl` is the `thumbnail` file, `episodes.0.bannerUrl` is `episodes[0][banner]`. */
function formFieldName(path: string, payload: Record<string, unknown>, shape: FormShape): string {
  const parts = path.split('.');
  if (parts.length === 1) {
    const file = Object.entries(shape.files).find(([, f]) => f.into === path);
    return file && payload[path] === undefined ? file[0] : path;
  }
  const [blockName, index, field] = parts;
  const blockShape = shape.blocks?.[blockName];
  if (!blockShape || parts.length !== 3) return path;
  const items = payload[blockName] as Array<Record<string, unknown>> | undefined;
  const file = Object.entries(blockShape.files).find(([, f]) => f.into === field);
  const name = file && items?.[Number(index)]?.[field] === undefined ? file[0] : field;
  return `${blockName}[${index}][${name}]`;
}

/**
 * Checks a payload against the catalogue's own rules before anything is saved (the catalog service
 * checks again), answering 400 with the fields named as the form names them.
 */
export async function checkPayload(
  target: new () => object,
  payload: Record<string, unknown>,
  shape: FormShape,
): Promise<void> {
  const errors = await validate(plainToInstance(target, payload), {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: false,
  });
  if (errors.length === 0) return;
  const fields: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(validationFields(errors))) {
    const name = formFieldName(path, payload, shape);
    const renamed = messages.map((m) => m.replace(new RegExp(`^${path.split('.').at(-1)}\\b`), name));
    fields[name] = [...(fields[name] ?? []), ...renamed];
  }
  const [first, messages] = Object.entries(fields)[0];
  const message = messages[0].startsWith(first) ? messages[0] : `${first}: ${messages[0]}`;
  throw new DomainError(ErrorCode.VALIDATION_FAILED, message, fields);
}
