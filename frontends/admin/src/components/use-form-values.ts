import { useCallback, useRef, useState } from 'react';

/** A field's message, by field name. */
export type FieldMessages = Partial<Record<string, string>>;

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

  const fill = useCallback((loaded: V) => {
    if (!touched.current) setValues(loaded);
  }, []);

  return { values, setValues, errors, setErrors, set, clearError, field, fill };
}

/**
 * A form's chosen files beside its values: `picker(name)` gives what a file picker takes (its name, file,
 * change and message); choosing a file clears the field's message in `form`.
 */
export function useFormFiles<F extends { [K in keyof F]: File | null }>(
  initial: F,
  form: { errors: FieldMessages; clearError(name: string): void },
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

  return { files, picker };
}
