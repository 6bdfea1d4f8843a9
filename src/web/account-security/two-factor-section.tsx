import { useState } from 'react';
import { securityError, securityUi } from '#src/shared/account-security/messages.ts';
import type { SecurityOverview, TwoFactorSetupResponse } from '#src/shared/account-security/paths.ts';
import { ConfirmTwoFactorSchema } from '#src/shared/account-security/schemas.ts';
import { accountSecurityApi } from './account-security-api.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { PasswordField, TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { SecuritySection } from './security-section.tsx';

// The QR code is drawn by the server (no outside service sees the secret) and shown as an image.
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function downloadCodes(codes: string[]) {
  const text = `${securityUi.recoveryFileHeading}\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = securityUi.recoveryFileName;
  link.click();
  URL.revokeObjectURL(url);
}

function SetupDialog({
  setup,
  onClose,
  onEnabled,
}: {
  setup: TwoFactorSetupResponse;
  onClose: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: ConfirmTwoFactorSchema,
    defaultValues: { code: '' },
    fallback: securityUi.loadFailed,
    fieldOf: (failure) => (failure.message === securityError.codeWrong ? 'code' : null),
    onSubmit: async ({ code }) => {
      const { recoveryCodes } = await accountSecurityApi.confirmTwoFactor(code);
      notify.success(securityUi.enabled);
      onEnabled(recoveryCodes);
    },
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={securityUi.setupTitle}
      description={securityUi.setupScan}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <img src={svgSource(setup.qrSvg)} alt={securityUi.qrAlt} className="mx-auto size-48 rounded-control border border-slate-200" />
        <div>
          <p className="mb-1.5 text-sm font-medium text-slate-700" id="two-factor-secret-label">
            {securityUi.secretLabel}
          </p>
          <p
            aria-labelledby="two-factor-secret-label"
            data-testid="two-factor-secret"
            className="rounded-control border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm tracking-wider break-all text-slate-900 select-all"
          >
            {setup.secret}
          </p>
        </div>
        <TextField
          label={securityUi.firstCodeLabel}
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          inputClassName="font-mono tracking-widest"
          error={errorOf('code')}
          {...form.register('code')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {securityUi.cancel}
          </Button>
          <Button type="submit" busy={busy} busyLabel={securityUi.confirming}>
            {securityUi.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={securityUi.recoveryTitle}
      description={securityUi.recoveryLead}
    >
      <ul
        aria-label={securityUi.recoveryTitle}
        className="grid grid-cols-2 gap-2 rounded-control border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => downloadCodes(codes)}>
          {securityUi.download}
        </Button>
        <Button onClick={onClose}>{securityUi.done}</Button>
      </div>
    </Dialog>
  );
}

// product rules U2/U3: turn on with a QR code (or the secret typed in) and a first code, save the
// recovery codes shown once, turn off with the password (or Google) and a code.
export function TwoFactorSection({ overview, onChanged }: { overview: SecurityOverview; onChanged: () => Promise<void> }) {
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { enabled, recoveryCodesLeft } = overview.twoFactor;
  const hasPassword = overview.signIn.password;

  async function start() {
    setStarting(true);
    try {
      setSetup(await accountSecurityApi.startTwoFactor());
    } catch (error) {
      notify.error(problemText(error, securityUi.loadFailed));
    } finally {
      setStarting(false);
    }
  }

  const closeDisable = (open: boolean) => {
    if (open) return;
    setDisabling(false);
    setPassword('');
    setCode('');
  };

  return (
    <SecuritySection
      id="security-two-factor"
      title={securityUi.twoFactorTitle}
      lead={enabled ? securityUi.twoFactorOnLead : securityUi.twoFactorOffLead}
      action={
        enabled ? (
          <Button variant="secondary" className="shrink-0" onClick={() => setDisabling(true)}>
            {securityUi.turnOff}
          </Button>
        ) : (
          <Button className="shrink-0" busy={starting} onClick={start}>
            {securityUi.turnOn}
          </Button>
        )
      }
    >
      {enabled ? <p className="text-sm text-slate-700">{securityUi.recoveryLeft(recoveryCodesLeft)}</p> : null}
      {setup ? (
        <SetupDialog
          setup={setup}
          onClose={() => setSetup(null)}
          onEnabled={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
            void onChanged();
          }}
        />
      ) : null}
      {codes ? <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} /> : null}
      <ConfirmDialog
        open={disabling}
        onOpenChange={closeDisable}
        title={securityUi.disableTitle}
        description={hasPassword ? securityUi.disableLead : securityUi.deleteGoogleLead}
        confirmLabel={securityUi.turnOff}
        busyLabel={securityUi.turningOff}
        fallback={securityUi.loadFailed}
        disabled={code.trim() === '' || (hasPassword && password === '')}
        onConfirm={async () => {
          const proof = hasPassword ? { password } : await accountSecurityApi.googleProof();
          await accountSecurityApi.disableTwoFactor(proof, code);
          notify.success(securityUi.disabled);
          closeDisable(false);
          await onChanged();
        }}
      >
        {hasPassword ? (
          <PasswordField
            label={securityUi.passwordLabel}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : null}
        <TextField
          label={securityUi.codeLabel}
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputClassName="font-mono tracking-widest"
        />
      </ConfirmDialog>
    </SecuritySection>
  );
}
