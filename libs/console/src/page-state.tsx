/** The alert a page shows when a call failed. */
export function Alert({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" class="error">
      {error}
    </p>
  ) : null;
}
