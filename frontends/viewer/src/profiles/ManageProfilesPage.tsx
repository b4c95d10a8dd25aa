import {
  INTERFACE_LANGUAGE_CODES,
  MAX_PROFILES,
  NATIVE_LANGUAGE_NAMES,
  PROFILE_AVATARS,
  PROFILE_NAME_MAX_LENGTH,
  type Profile,
} from '@chitram/contracts/web';
import { type FormEvent, useId, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useFailureMessage } from '../app/api';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { ErrorLine, LoadingLine } from '../components/LoadStatus';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { ProfileAvatar } from './avatars';
import {
  createProfile,
  deleteProfile,
  fetchProfiles,
  isKidsSession,
  updateProfile,
  type ProfileForm,
} from './profiles-api';
import '../styles/profiles.css';

const NEW_PROFILE: ProfileForm = {
  name: '',
  avatar: PROFILE_AVATARS[1],
  interfaceLanguage: null,
  maturity: 'kids',
};

/** The form of one profile: name, avatar, interface language, and the kids level (not the first's). */
function ProfileEditor({
  initial,
  isFirst,
  hasLock,
  onSave,
  onCancel,
}: {
  initial: ProfileForm;
  isFirst: boolean;
  hasLock: boolean;
  onSave: (form: ProfileForm) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useViewerTranslation();
  const id = useId();
  const [form, setForm] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [lock, setLock] = useState('');
  const [removeLock, setRemoveLock] = useState(false);
  const kids = form.maturity !== 'adult';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    // A new lock when digits are given, none when taken off; otherwise the lock stays as it is.
    const lockChange = removeLock ? { lock: null } : lock ? { lock } : {};
    try {
      await onSave({
        name: form.name.trim(),
        avatar: form.avatar,
        interfaceLanguage: form.interfaceLanguage,
        maturity: form.maturity,
        ...lockChange,
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="vw-profile-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-name`}>{t('profiles.name')}</label>
      <input
        id={`${id}-name`}
        className="input"
        required
        maxLength={PROFILE_NAME_MAX_LENGTH}
        value={form.name}
        onChange={(event) => setForm({ ...form, name: event.target.value })}
      />
      <fieldset className="vw-profile-form__avatars">
        <legend>{t('profiles.avatar')}</legend>
        {PROFILE_AVATARS.map((avatar) => (
          <label key={avatar} className="vw-profile-form__avatar" title={t(`profiles.avatars.${avatar}`)}>
            <input
              type="radio"
              name={`${id}-avatar`}
              value={avatar}
              checked={form.avatar === avatar}
              onChange={() => setForm({ ...form, avatar })}
              aria-label={t(`profiles.avatars.${avatar}`)}
            />
            <ProfileAvatar avatar={avatar} size={48} />
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-language`}>{t('profiles.language')}</label>
      <select
        id={`${id}-language`}
        className="input"
        value={form.interfaceLanguage ?? ''}
        onChange={(event) => setForm({ ...form, interfaceLanguage: event.target.value || null })}
      >
        <option value="">{t('profiles.languageDevice')}</option>
        {INTERFACE_LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {NATIVE_LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      {!isFirst && (
        <>
          <label className="vw-profile-form__check">
            <input
              type="checkbox"
              checked={kids}
              onChange={(event) => setForm({ ...form, maturity: event.target.checked ? 'kids' : 'adult' })}
            />
            {t('profiles.kids')}
          </label>
          {kids && (
            <label className="vw-profile-form__check vw-profile-form__check--inner">
              <input
                type="checkbox"
                checked={form.maturity === 'kids-ua'}
                onChange={(event) =>
                  setForm({ ...form, maturity: event.target.checked ? 'kids-ua' : 'kids' })
                }
              />
              {t('profiles.allowUA')}
            </label>
          )}
        </>
      )}
      <label htmlFor={`${id}-lock`}>{t('profiles.lock')}</label>
      <input
        id={`${id}-lock`}
        className="input"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        pattern="[0-9]{4}"
        maxLength={4}
        disabled={removeLock}
        aria-describedby={hasLock ? `${id}-lock-keep` : undefined}
        value={lock}
        onChange={(event) => setLock(event.target.value.replace(/\D/g, '').slice(0, 4))}
      />
      {hasLock && (
        <>
          <p id={`${id}-lock-keep`} className="vw-profile-form__hint">
            {t('profiles.lockKeep')}
          </p>
          <label className="vw-profile-form__check">
            <input
              type="checkbox"
              checked={removeLock}
              onChange={(event) => setRemoveLock(event.target.checked)}
            />
            {t('profiles.removeLock')}
          </label>
        </>
      )}
      <div className="vw-profile-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {t('profiles.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('profiles.cancel')}
        </button>
      </div>
    </form>
  );
}

/** `/profiles/manage` (issue 22, D37): add, change and delete the account's profiles; not for a kids profile. */
export function ManageProfilesPage() {
  const { t } = useViewerTranslation();
  useDocumentTitle(t('profiles.manage'));
  const host = useHost();
  const failure = useFailureMessage();
  const signedIn = host.useSession((s) => Boolean(s.user?.token));
  const current = host.useSession((s) => s.user?.profile);
  const profiles = useLoader(signedIn ? (signal) => fetchProfiles(host.api, signal) : null, [
    host.api,
    signedIn,
  ]);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  // The account holder's lock, asked when their (first) profile has one: every change carries it.
  const [holderLock, setHolderLock] = useState('');
  if (!signedIn) return <Navigate to="/login" replace state={{ returnTo: '/profiles/manage' }} />;
  if (isKidsSession(current))
    return (
      <section className="vw-page vw-profiles">
        <p>{t('profiles.notForKids')}</p>
        <Link className="button button--primary" to="/profiles">
          {t('profiles.whoTitle')}
        </Link>
      </section>
    );

  async function save(profile: Profile | null, form: ProfileForm) {
    try {
      if (profile) await updateProfile(host.api, profile._id, form, holderLock);
      else await createProfile(host.api, form, holderLock);
      host.toast(t(profile ? 'profiles.saved' : 'profiles.created'), 'success');
      setEditing(null);
      profiles.reload();
    } catch (error) {
      host.toast(failure(error, t('profiles.failed')), 'error');
    }
  }

  async function remove(profile: Profile) {
    if (!window.confirm(t('profiles.deleteConfirm', { name: profile.name }))) return;
    try {
      await deleteProfile(host.api, profile._id, holderLock);
      host.toast(t('profiles.deleted'), 'success');
      profiles.reload();
    } catch (error) {
      host.toast(failure(error), 'error');
    }
  }

  const list = profiles.data ?? [];
  const holderHasLock = list.some((profile) => profile.isFirst && profile.hasLock);
  return (
    <section className="vw-page vw-profiles vw-profiles--manage" aria-labelledby="vw-manage-title">
      <h1 id="vw-manage-title" className="vw-profiles__title">
        {t('profiles.manage')}
      </h1>
      {profiles.status === 'loading' && !profiles.data && <LoadingLine />}
      {profiles.error && <ErrorLine message={t('common.somethingWrong')} onRetry={profiles.reload} />}
      {holderHasLock && (
        <div className="vw-profile-form">
          <label htmlFor="vw-holder-lock">{t('profiles.holderLock')}</label>
          <input
            id="vw-holder-lock"
            className="input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={holderLock}
            onChange={(event) => setHolderLock(event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </div>
      )}
      <ul className="vw-profiles__rows">
        {list.map((profile) => (
          <li key={profile._id} className="vw-profiles__row">
            {editing === profile._id ? (
              <ProfileEditor
                initial={profile}
                isFirst={profile.isFirst}
                hasLock={profile.hasLock}
                onSave={(form) => save(profile, form)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <ProfileAvatar avatar={profile.avatar} size={48} />
                <span className="vw-profiles__name">{profile.name}</span>
                {profile.maturity !== 'adult' && (
                  <span className="vw-profiles__badge">{t('profiles.kidsBadge')}</span>
                )}
                {profile.isFirst && <span className="vw-profiles__badge">{t('profiles.first')}</span>}
                <span className="vw-profiles__row-actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`${t('profiles.edit')}: ${profile.name}`}
                    onClick={() => setEditing(profile._id)}
                  >
                    {t('profiles.edit')}
                  </button>
                  {!profile.isFirst && (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={`${t('profiles.delete')}: ${profile.name}`}
                      onClick={() => void remove(profile)}
                    >
                      {t('profiles.delete')}
                    </button>
                  )}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <ProfileEditor
          initial={NEW_PROFILE}
          isFirst={false}
          hasLock={false}
          onSave={(form) => save(null, form)}
          onCancel={() => setEditing(null)}
        />
      ) : list.length < MAX_PROFILES ? (
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('profiles.add')}
        </button>
      ) : (
        profiles.data && <p>{t('profiles.limit')}</p>
      )}
      <Link className="button button--ghost" to="/profiles">
        {t('profiles.done')}
      </Link>
    </section>
  );
}
