import { ChoiceGroup } from '../components/FormFields';
import { GENRES, type Genre } from './catalog-lists';

/** The genre chips of the movie and series forms; the chosen ones stay in the list's order. */
export function GenreChoices({
  legend,
  name,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: Genre[];
  onChange(next: Genre[]): void;
  error?: string;
}) {
  function toggle(genre: Genre, on: boolean) {
    const next = on ? [...value, genre] : value.filter((g) => g !== genre);
    onChange(GENRES.filter((g) => next.includes(g)));
  }
  return (
    <ChoiceGroup legend={legend} required error={error} className="ad-choices--grid">
      {GENRES.map((genre) => (
        <label key={genre} className="ad-choice ad-choice--chip">
          <input
            type="checkbox"
            name={name}
            value={genre}
            checked={value.includes(genre)}
            onChange={(e) => toggle(genre, e.target.checked)}
          />
          {genre}
        </label>
      ))}
    </ChoiceGroup>
  );
}
