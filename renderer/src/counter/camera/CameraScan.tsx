import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.ts';
import { iccidProblemWords } from '../../errors.ts';
import { makeFrameDecoder } from './decoder.ts';
import { readScannedCode, type ScannedCode } from './scanned-code.ts';
import './camera.css';

type Props = {
  /** An ICCID the camera read, digits only: it goes where a typed one would. */
  onIccid(iccid: string): void;
  disabled?: boolean;
};

/**
 * What the camera saw that is not an ICCID: an install QR that could not be looked up, one of an
 * eSIM not sold here, or another code (why it is not an ICCID).
 */
type Read = { readonly kind: 'lpa' } | { readonly kind: 'notOurs' } | Extract<ScannedCode, { kind: 'other' }>;

/** Why the camera shows nothing, said in words. */
type CameraState = 'starting' | 'scanning' | 'denied' | 'absent' | 'busy' | 'failed';

/** Between two looks at the picture: fast enough to feel instant, slow enough for a small machine. */
const FRAME_GAP_MS = 120;

/**
 * "Scan with camera": a webcam or a phone held up to the counter's camera reads the ICCID's
 * barcode, or the voucher's install QR of an eSIM sold here (looked up to its ICCID). The camera is on only while the view is open: a code read,
 * Escape or Close turn it off, and the desktop app lets the page use it only then.
 */
export function CameraScan({ onIccid, disabled = false }: Props) {
  const { t } = useTranslation('camera');
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) {
      element.close();
      opener.current?.focus();
    }
  }, [open]);

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button secondary big camera-open"
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <CameraIcon /> {t('open')}
      </button>
      <dialog
        ref={dialog}
        className="camera-dialog"
        aria-labelledby="camera-heading"
        onKeyDown={(event) => {
          // Handled here so Escape closes only the camera, not the step of the screen behind it.
          if (event.key !== 'Escape') return;
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }}
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
      >
        {open && (
          <CameraView
            onIccid={(iccid) => {
              setOpen(false);
              onIccid(iccid);
            }}
            onClose={() => setOpen(false)}
          />
        )}
      </dialog>
    </>
  );
}

function CameraView({ onIccid, onClose }: { onIccid(iccid: string): void; onClose(): void }) {
  const { t } = useTranslation(['camera', 'errors']);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [read, setRead] = useState<Read | null>(null);
  const found = useRef(onIccid);
  useEffect(() => {
    found.current = onIccid;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let lastSaid = '';
    let lastAsked = '';
    const element = video.current;

    const run = async () => {
      // The desktop app grants the camera to this page only while it says it is scanning.
      await api()
        .call('camera.scanning', { scanning: true })
        .catch(() => undefined);
      if (stopped) return;
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('absent');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        setState(cameraProblem(error));
        return;
      }
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      if (stopped) return;
      // The picture is live now: the reader, loaded on first use, may still take a moment.
      setState('scanning');
      const decode = await makeFrameDecoder();
      if (stopped) return;
      while (!stopped) {
        const codes = (await decode(element).catch(() => [])).map(readScannedCode);
        if (stopped) return;
        const iccid = codes.find((code) => code.kind === 'iccid');
        if (iccid) {
          found.current(iccid.iccid);
          return;
        }
        const lpa = codes.find((code) => code.kind === 'lpa');
        if (lpa && lpa.text !== lastAsked) {
          // The voucher's install QR: the journal knows the ICCID of an eSIM sold here.
          lastAsked = lpa.text;
          const answer = await api()
            .call('esims.byInstallQr', { qrcode: lpa.text })
            .catch(() => null);
          if (stopped) return;
          if (answer?.ok && answer.value.iccid) {
            found.current(answer.value.iccid);
            return;
          }
          setRead(answer?.ok ? { kind: 'notOurs' } : { kind: 'lpa' });
        }
        const other = codes.find((code) => code.kind === 'other');
        // What else is in view is said once, not again every frame.
        if (!lpa && other && other.problem.reason !== lastSaid) {
          lastSaid = other.problem.reason;
          setRead(other);
        }
        await new Promise((resolve) => setTimeout(resolve, FRAME_GAP_MS));
      }
    };
    void run().catch(() => !stopped && setState('failed'));

    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (element) element.srcObject = null;
      void api()
        .call('camera.scanning', { scanning: false })
        .catch(() => undefined);
    };
  }, []);

  const trouble = state !== 'starting' && state !== 'scanning';
  return (
    <div className="camera-view">
      <h2 id="camera-heading">{t('heading')}</h2>
      <p className="hint">{t('hint')}</p>
      <div className="camera-frame" hidden={trouble}>
        <video ref={video} className="camera-video" muted playsInline aria-label={t('videoLabel')} />
      </div>
      <div role="status" className="camera-status">
        {state === 'starting' && (
          <p className="notice progress">
            <span className="spinner" aria-hidden="true" /> {t('starting')}
          </p>
        )}
        {state === 'scanning' && !read && <p className="muted">{t('looking')}</p>}
        {read?.kind === 'lpa' && <p className="notice warn">{t('installQr')}</p>}
        {read?.kind === 'notOurs' && <p className="notice warn">{t('installQrNotOurs')}</p>}
        {read?.kind === 'other' && (
          <p className="notice warn">
            {t('notIccid')} {iccidProblemWords(read.problem)}
          </p>
        )}
      </div>
      {trouble && (
        <div className="notice error" role="alert">
          <p>{t(`problem.${state}`)}</p>
          <p>{t('typeInstead')}</p>
        </div>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={onClose} autoFocus>
          {t('close')} <kbd>Esc</kbd>
        </button>
      </div>
    </div>
  );
}

function cameraProblem(error: unknown): CameraState {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/** Drawn, not an emoji: a counter's machine may have no emoji font. */
function CameraIcon() {
  return (
    <svg className="camera-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M4 7h3l1.5-2h7L17 7h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
