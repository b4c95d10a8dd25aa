import { useCallback, useRef, useState } from 'react';

/** A field's message, by field name. */
export type FieldMessages = Partial<Record<string, string>>;

/** What a described field (DescribedFields) reads and changes: its form name, value, change and message. */
export interface FieldBinding {
  name: string;
  value: unknown;
  onChange(value: unknown): void;
  error?: string;
}

/**
 * A form's values and their messages. `field(name)` gives what a field of the kit takes (its name, value,
 * change and message), so a field is one line; changing a field clears its message. `fill` puts a loaded
 * title in the form unless the person has already typed in it.
 */
export function useFormValues<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const touched = useRef(false);

  function set<K extends keyof V & string>(name: K, value: V[K]) {
    touched.current = true;
    setValues((previous) => ({ ...previous, [name]: value }));
    clearError(name);
  }

  function clearError(name: string) {
    setErrors((previous) => (previous[name] === undefined ? previous : { ...previous, [name]: undefined }));
  }

  function field<K extends keyof V & string>(name: K) {
    return { name, value: values[name], onChange: (value: V[K]) => set(name, value), error: errors[name] };
  }

  /** `field(name)` for a field known by its description's name alone. */
  function bind(name: string): FieldBinding {
    const key = name as keyof V & string;
    return {
      name,
      value: values[key],
      onChange: (value) => set(key, value as V[typeof key]),
      error: errors[name],
    };
  }

  const fill = useCallback((loaded: V) => {
    if (!touched.current) setValues(loaded);
  }, []);

  return { values, setValues, errors, setErrors, set, clearError, field, bind, fill };
}

/**
 * A form's chosen files beside its values: `picker(name)` gives what a file picker takes (its name, file,
 * change and message); choosing a file clears the field's message in `form`.
 */
export function useFormFiles<F extends { [K in keyof F]: File | null }>(
  initial: F,
  form: { errors: FieldMessages; clearError(name: string): void; bind(name: string): FieldBinding },
) {
  const [files, setFiles] = useState<F>(initial);

  function picker<K extends keyof F & string>(name: K) {
    return {
      name,
      file: files[name],
      onChange: (file: File | null) => {
        setFiles((previous) => ({ ...previous, [name]: file }));
        form.clearError(name);
      },
      error: form.errors[name],
    };
  }

  /** The form's binding for its described fields: a file picker's from here, any other field's from `form`. */
  function bind(name: string): FieldBinding {
    if (!(name in files)) return form.bind(name);
    const { file, onChange, error } = picker(name as keyof F & string);
    return { name, value: file, onChange: (value) => onChange(value as File | null), error };
  }

  return { files, picker, bind };
}
