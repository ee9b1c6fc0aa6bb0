/** Global navigation progress (§2 shell): shown while a navigation or submission is pending. */
export function ProgressBar({ active }: { active: boolean }) {
  return <div className="progress-bar" data-active={active ? "true" : "false"} role="progressbar" aria-hidden={!active} aria-label="Загрузка страницы" />;
}
