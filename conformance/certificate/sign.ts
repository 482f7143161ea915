/**
 * Signing and checking certificates: a detached JWS (RFC 7515 appendix F, compact serialization
 * with the payload left out: `header..signature`) with Ed25519 (`EdDSA`) or ECDSA P-256
 * (`ES256`), made and checked by `jose`, over the RFC 8785 canonical JSON of the certificate
 * without its `signature` member. Detached, so the certificate stays a readable JSON document
 * that its JSON Schema validates and that may be re-indented without breaking the signature.
 * Key material is read from PEM files and never written anywhere: only the key's RFC 7638
 * thumbprint (`kid`) appears in the signature's header.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { base64url, calculateJwkThumbprint, compactVerify, CompactSign, decodeProtectedHeader, exportJWK } from 'jose';
import { UsageError } from '../errors.js';
import { signedContent, type Certificate } from './certificate.js';
import { readInputFile } from '../../contract/input-file.js';

/** The largest key file read (a PEM key is a few hundred bytes). */
const MAX_KEY_BYTES = 64 * 1024;

/** Signature algorithms accepted (JWA names). */
export const ALGORITHMS = ['EdDSA', 'ES256'] as const;
/** A JWA name of {@link ALGORITHMS}. */
export type Algorithm = (typeof ALGORITHMS)[number];
/** The `typ` of a certificate's JWS header. */
export const JWS_TYPE = 'resale-kit-certificate+jws';

/** A key read from a PEM file, with its algorithm and thumbprint. */
export interface LoadedKey {
  key: KeyObject;
  alg: Algorithm;
  /** RFC 7638 JWK thumbprint (SHA-256, base64url) of the public key. */
  kid: string;
}

const HOW = 'an Ed25519 key (openssl genpkey -algorithm ed25519 -out key.pem; openssl pkey -in key.pem -pubout -out key.pub) or an ECDSA P-256 key, in PEM';

function algorithmOf(key: KeyObject, flag: string): Algorithm {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new UsageError(`${flag} must be ${HOW}; got a ${key.asymmetricKeyType ?? 'symmetric'} key`);
}

/** True when a PEM file holds an encrypted key (its header says so; nothing else is read). */
function encryptedPem(path: string): boolean {
  try {
    return readInputFile(path, MAX_KEY_BYTES).toString('latin1').slice(0, 200).includes('ENCRYPTED');
  } catch {
    return false;
  }
}

const thumbprint = async (publicKey: KeyObject): Promise<string> => calculateJwkThumbprint(await exportJWK(publicKey));

/**
 * Reads a private key for `--sign-key` (PKCS#8 or SEC1 PEM).
 * @throws UsageError when the file cannot be read or holds no Ed25519 / P-256 private key (the
 *   message never quotes the file).
 */
export async function loadPrivateKey(path: string): Promise<LoadedKey> {
  let key: KeyObject;
  try {
    key = createPrivateKey(readInputFile(path, MAX_KEY_BYTES));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' || code === 'EACCES'
        ? `cannot read it (${code})`
        : code === 'ERR_MISSING_PASSPHRASE' || encryptedPem(path)
          ? 'the key is encrypted (decrypt it to a file only you can read: openssl pkey -in key.pem -out plain.pem)'
          : 'not a private key in PEM';
    throw new UsageError(`--sign-key ${path}: ${why}; give ${HOW}`);
  }
  const alg = algorithmOf(key, '--sign-key');
  return { key, alg, kid: await thumbprint(createPublicKey(key)) };
}

/**
 * Reads a public key for `resale-kit verify --public-key` (SPKI PEM; a private key's public half also works).
 * @throws UsageError when the file cannot be read or holds no Ed25519 / P-256 key.
 */
export async function loadPublicKey(path: string): Promise<LoadedKey> {
  let key: KeyObject;
  try {
    key = createPublicKey(readInputFile(path, MAX_KEY_BYTES));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`--public-key ${path}: ${code === 'ENOENT' || code === 'EACCES' ? `cannot read it (${code})` : 'not a public key in PEM'}; give ${HOW}`);
  }
  const alg = algorithmOf(key, '--public-key');
  return { key, alg, kid: await thumbprint(key) };
}

/**
 * Signs a certificate: `signed` set to true, `signature` to the detached JWS over the rest.
 * @returns a new certificate (the argument is not changed).
 */
export async function signCertificate(cert: Certificate, signer: LoadedKey): Promise<Certificate> {
  const out: Certificate = { ...cert, signed: true, signature: null };
  const jws = await new CompactSign(new TextEncoder().encode(signedContent(out))).setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: JWS_TYPE }).sign(signer.key);
  const [header, , signature] = jws.split('.');
  out.signature = `${header}..${signature}`;
  return out;
}

/** The result of checking a certificate's signature. */
export type SignatureCheck = { ok: true; alg: string; kid: string | undefined } | { ok: false; why: string };

/**
 * Checks a certificate's detached JWS against a public key. Never throws: a bad signature, a
 * malformed JWS or a key of another kind is `{ ok: false, why }`.
 * @param cert the certificate as parsed from its file.
 */
export async function checkSignature(cert: Record<string, unknown>, publicKey: LoadedKey): Promise<SignatureCheck> {
  const jws = cert.signature;
  if (typeof jws !== 'string') return { ok: false, why: 'the certificate carries no signature' };
  const parts = jws.split('.');
  if (parts.length !== 3 || parts[1] !== '') return { ok: false, why: 'the signature is not a detached compact JWS (header..signature)' };
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jws);
  } catch {
    return { ok: false, why: 'the signature header cannot be read' };
  }
  try {
    const payload = base64url.encode(new TextEncoder().encode(signedContent(cert)));
    await compactVerify(`${parts[0]}.${payload}.${parts[2]}`, publicKey.key, { algorithms: [...ALGORITHMS] });
  } catch (err) {
    const code = (err as { code?: string }).code;
    return {
      ok: false,
      why: code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' ? 'the signature does not match the content and this public key (edited after signing, or signed with another key)' : `the signature cannot be checked (${code ?? 'invalid'})`,
    };
  }
  return { ok: true, alg: String(header.alg), kid: typeof header.kid === 'string' ? header.kid : undefined };
}
