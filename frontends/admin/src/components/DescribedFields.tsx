import { Fragment, type ReactNode } from 'react';
import { GenreChoices } from '../catalog/GenreChoices';
import { type Genre, LANGUAGES, type Language } from '../catalog/catalog-lists';
import { todayInIndia } from '../catalog/form-rules';
import {
  type FieldContext,
  type FieldDescription,
  type FormDescription,
  type LayoutItem,
  resolve,
} from './field-description';
import { ChoiceGroup, FilePicker, SelectField, TextArea, TextField } from './FormFields';
import { FormSection } from './FormLayout';
import type { FieldBinding } from './use-form-values';

/** A field's binding by its description's name. */
export type Bind = (name: string) => FieldBinding;

/**
 * Parts a form draws itself, placed by name among its described fields: its partner picker, or a video
 * field (drawn from its description's label and binding, as it carries its upload).
 */
export type Slots = Partial<
  Record<string, ReactNode | ((field: FieldBinding & { label: string }) => ReactNode)>
>;

interface Drawing<C> {
  fields: ReadonlyArray<FieldDescription<C>>;
  context: C;
  bind: Bind;
  slots?: Slots;
}

const YES_NO = [
  [true, 'Yes'],
  [false, 'No'],
] as const;

/** One described field, drawn with the kit's field of its kind. */
export function DescribedField<C extends FieldContext>({
  field,
  context,
  bind,
  slots = {},
}: Omit<Drawing<C>, 'fields'> & { field: FieldDescription<C> }) {
  const binding = bind(field.name);
  const { name, value, onChange, error } = binding;
  const label = resolve(field.label, context);
  const hint = field.hint === undefined ? undefined : resolve(field.hint, context);
  const required = resolve(field.required ?? false, context);
  const text = { label, name, hint, required, error, value: value as string, onChange };
  switch (field.kind) {
    case 'text':
      return (
        <TextField
          {...text}
          inputMode={field.inputMode}
          placeholder={field.placeholder === undefined ? undefined : resolve(field.placeholder, context)}
        />
      );
    case 'long-text':
      return <TextArea {...text} rows={field.rows} />;
    case 'url':
      return <TextField {...text} type="url" placeholder={field.placeholder} />;
    case 'year':
      return (
        <TextField
          {...text}
          type="number"
          inputMode="numeric"
          placeholder={String(context.now.getFullYear())}
        />
      );
    case 'date':
      return <TextField {...text} type="date" max={field.anyDay ? undefined : todayInIndia(context.now)} />;
    case 'choices': {
      const chosen = value as readonly string[];
      return (
        <ChoiceGroup legend={label} error={error} required={required}>
          {field.options.map((option) => (
            <label key={option} className="ad-choice">
              <input
                type="checkbox"
                name={name}
                value={option}
                checked={chosen.includes(option)}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...chosen, option] : chosen.filter((each) => each !== option),
                  )
                }
              />
              {field.optionLabel ? field.optionLabel(option) : option}
            </label>
          ))}
        </ChoiceGroup>
      );
    }
    case 'select':
      return <SelectField {...text} options={field.options} optionLabel={field.optionLabel} />;
    case 'languages':
      return <SelectField {...text} value={value as Language} options={LANGUAGES} />;
    case 'genres':
      return (
        <GenreChoices legend={label} name={name} value={value as Genre[]} onChange={onChange} error={error} />
      );
    case 'yes-no':
      return (
        <ChoiceGroup legend={label} error={error}>
          {YES_NO.map(([answer, words]) => (
            <label key={words} className="ad-choice">
              <input type="radio" name={name} checked={value === answer} onChange={() => onChange(answer)} />
              {words}
            </label>
          ))}
        </ChoiceGroup>
      );
    case 'upload':
      return (
        <FilePicker
          label={label}
          name={name}
          hint={hint}
          required={required}
          error={error}
          accept={field.accept}
          aspect={field.aspect}
          file={value as File | null}
          currentUrl={field.currentUrl?.(context)}
          onChange={onChange}
        />
      );
    case 'video': {
      const slot = slots[field.name];
      return typeof slot === 'function' ? slot({ ...binding, label }) : (slot ?? null);
    }
  }
}

/** Fields (and the form's own parts) in order; a row of names is drawn side by side. */
export function DescribedItems<C extends FieldContext>({
  items,
  ...drawing
}: Drawing<C> & { items: readonly LayoutItem[] }) {
  const draw = (name: string) => {
    const field = drawing.fields.find((f) => f.name === name);
    return field ? (
      <DescribedField
        key={name}
        field={field}
        context={drawing.context}
        bind={drawing.bind}
        slots={drawing.slots}
      />
    ) : (
      <Fragment key={name}>{drawing.slots?.[name] as ReactNode}</Fragment>
    );
  };
  return (
    <>
      {items.map((item) =>
        typeof item === 'string' ? (
          draw(item)
        ) : (
          <div key={item.join(' ')} className={`ad-row ad-row--${item.length}`}>
            {item.map(draw)}
          </div>
        ),
      )}
    </>
  );
}

/** A described form's sections: the main column, then the side one. */
export function DescribedSections<C extends FieldContext>({
  form,
  ...drawing
}: Omit<Drawing<C>, 'fields'> & { form: FormDescription<C> }) {
  const column = (sections: FormDescription<C>['main'], className: string) => (
    <div className={className}>
      {sections.map((section) => (
        <FormSection key={section.title} title={section.title}>
          <DescribedItems fields={form.fields} items={section.items} {...drawing} />
        </FormSection>
      ))}
    </div>
  );
  return (
    <>
      {column(form.main, 'ad-form-grid__main')}
      {column(form.side, 'ad-form-grid__side')}
    </>
  );
}
