/**
 * The intro media found in the audio the series' episodes share (D42), offered until an admin confirms
 * it (it becomes the intro marker, saved with the others) or dismisses it (it is not offered again).
 * Nothing of it reaches the player before it is confirmed.
 */
export function SuggestedIntro({
  label,
  busy,
  onConfirm,
  onDismiss,
}: {
  /** "Suggested intro 0:05–0:35". */
  label: string;
  busy: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  return (
    <div className="ad-markers__suggestion" role="group" aria-label={label} data-testid="suggested-intro">
      <p className="ad-markers__suggestion-text">
        <strong>{label}</strong>
        <span> found in the sound this episode shares with others of its series.</span>
      </p>
      <div className="ad-markers__suggestion-actions">
        <button type="button" className="button button--small" disabled={busy} onClick={onConfirm}>
          Confirm
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={onDismiss}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
