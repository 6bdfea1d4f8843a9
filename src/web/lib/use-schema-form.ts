import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, problemText } from './api-client.ts';

interface SchemaFormOptions<Input extends FieldValues, Output> {
  // The request schema the server checks the same body with (src/shared/<domain>/schemas.ts).
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  // What the form says when the server's answer carries no sentence.
  fallback: string;
  // The field a refusal concerns (by its status or sentence); any other shows above the form.
  fieldOf?: (error: ApiError) => Path<Input> | null;
  // The change itself, with the checked (trimmed, normalised) values. A rejection keeps what was typed.
  onSubmit: (values: Output) => Promise<unknown>;
}

// The one submit pattern of the app's forms (decision 029): the shared zod schema checks the fields
// before anything is sent, each problem shows under its field, focus moves to the first, and the
// server's `{error}` lands on the field it concerns or in the form's alert. `busy` covers the call.
export function useSchemaForm<Input extends FieldValues, Output>({
  schema,
  defaultValues,
  fallback,
  fieldOf,
  onSubmit,
}: SchemaFormOptions<Input, Output>) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const field = error instanceof ApiError ? fieldOf?.(error) : null;
      form.setError(field ?? 'root.server', { type: 'server', message: problemText(error, fallback) }, { shouldFocus: Boolean(field) });
    }
  });
  const { errors, isSubmitting } = form.formState;
  return {
    form,
    submit,
    busy: isSubmitting,
    problem: errors.root?.server?.message ?? null,
    // The sentence under one field, if any.
    errorOf: (name: Path<Input>) => {
      const found = name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors);
      return (found as { message?: string } | undefined)?.message ?? null;
    },
  };
}
