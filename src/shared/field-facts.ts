// What the islands' first load needs of the fields' definition (media-fields.ts), worked out from
// it when the code is built: its functions are Bun macros (`import … with { type: 'macro' }`), run
// by the bundler (and by Bun's transpiler on the server), so their callers hold the values as
// literals. A gallery page's first load then carries each field's lean codec and the list's
// filters, not the whole definition (its descriptions, columns, edit rules: 1 KB compressed of
// the galleries' first load). Plain values only: a macro's result is written into the code.

import {
  BULK_SET_ACTIONS,
  type BulkSetAction,
  FILTER_FIELDS,
  type FieldKind,
  type FieldSpec,
  type FilterField,
  type FilterParam,
  fieldSpec,
  type LeanCodec,
  MEDIA_FIELDS,
  type MediaFieldName,
  SORT_FIELDS,
  type SortField,
} from './media-fields.ts';

/** How a lean row carries a field (media-fields.ts: `lean` and what the codec reads). */
export type FieldCodec = Pick<FieldSpec, 'named' | 'file' | 'leanDefault'> & {
  /** Left out for `value`, the most fields' codec. */
  lean?: LeanCodec;
  /** What a row without its value gives, by kind (media.ts: emptyOf): only a field that may not be null has one. */
  kind?: FieldKind;
};

/** Every field's codec, in the definition's order. */
export function fieldCodecs(): [MediaFieldName, FieldCodec][] {
  return (Object.keys(MEDIA_FIELDS) as MediaFieldName[]).map((name) => {
    const { kind, lean, nullable, named, file, leanDefault } = fieldSpec(name);
    const codec: FieldCodec = {};
    if (lean !== 'value') codec.lean = lean;
    if (!nullable && kind !== 'enum' && kind !== 'library') codec.kind = kind;
    if (named) codec.named = true;
    if (file !== undefined) codec.file = file;
    if (leanDefault !== undefined) codec.leanDefault = leanDefault;
    return [name, codec];
  });
}

/** The list's field filters (media-fields.ts: `filter`): the parameter and the whole numbers it takes. */
export function fieldFilters(): { name: FilterField; param: FilterParam; min: number; max: number }[] {
  return FILTER_FIELDS.map((name) => {
    const { filter, min = 1, max = 1 } = fieldSpec(name);
    return { name, param: filter!.param as FilterParam, min, max };
  });
}

/** The fields a list sorts by. */
export const sortFields = (): SortField[] => [...SORT_FIELDS];
/** The bulk actions that set a field. */
export const bulkSetActions = (): BulkSetAction[] => [...BULK_SET_ACTIONS];
/** The longest title. */
export const titleMax = (): number => MEDIA_FIELDS.title.max;
