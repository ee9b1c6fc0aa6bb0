/**
 * The one image intake of the account pages (ADR 046): the avatar and a company's logo. A file
 * field with Russian words (FileInput), the accepted types, and a file over 5 MB refused at once in
 * the browser (it would be refused before it is read anyway: server/body-limit.ts). The server
 * side is `readImage` (image-intake.server.ts).
 */
import { useState, type ReactNode } from "react";
import { FieldError, FileInput } from "#app/lib/form-fields.tsx";
import { IMAGE_MAX_BYTES, IMAGE_TOO_BIG, IMAGE_TYPES } from "./image-intake.ts";

export function ImageField({ id, name, label, error, required, className }: { id: string; name: string; label: ReactNode; error?: string | null; required?: boolean; className?: string }) {
  const [tooBig, setTooBig] = useState(false);
  const shown = tooBig ? IMAGE_TOO_BIG : (error ?? null);
  return (
    <div className={`field form-field${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FileInput
        id={id}
        name={name}
        accept={IMAGE_TYPES.join(",")}
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        onFile={(file, input) => {
          const big = Boolean(file && file.size > IMAGE_MAX_BYTES);
          if (big) input.value = "";
          setTooBig(big);
        }}
      />
      <FieldError id={`${id}-error`} error={shown} />
    </div>
  );
}
