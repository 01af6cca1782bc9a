import {
  ACCOUNT_API,
  type ApiEnvelope,
  AUTH_API,
  isRole,
  type LoginInput,
  type Role,
  type SignInReply,
  type TokenUser,
  type VerifyLoginInput,
} from '@eta/shared';
import { createAsyncThunk, createSlice, isAnyOf } from '@reduxjs/toolkit';
import { fetchEndpoint } from '../lib/api.ts';
import { type ApiError, refusalOf } from '../lib/apiError.ts';
import { decodeToken } from '../lib/jwt.ts';
import { markEnrolmentRequired, readValidSession, writeSession } from '../lib/session.ts';

export interface AuthData {
  jwtToken: string;
  user: TokenUser;
}

/** SPEC §3 authentication state, field for field. */
export interface AuthState {
  loading: boolean;
  error: string | null;
  data: AuthData | null;
  isAuth: boolean;
  role: Role | null;
  userInfoLoading: boolean;
  /**
   * The session ended in this tab (Logout, a password change, an expired session): SPEC's way back
   * is the plain sign-in screen, not the page the member was on (issue 21's "next" is for links
   * opened while signed out).
   */
  endedHere: boolean;
}

function initialState(): AuthState {
  // SPEC §3: isAuth is true at start when a session is stored; an expired one counts as none (SPEC §2).
  const session = readValidSession();
  return {
    loading: false,
    error: null,
    data: session ? { jwtToken: session.token, user: session.payload.user } : null,
    isAuth: session !== null,
    // SPEC §6: the role is the type in the stored user.
    role: session?.payload.user.type ?? null,
    userInfoLoading: false,
    endedHere: false,
  };
}

/**
 * What a sign-in step gave: the session when it opened one, or the challenge to answer with a code
 * (DESIGN §17), and the envelope whatever its status (SPEC §7) for the screen's toast.
 */
export interface SignInResult {
  envelope: ApiEnvelope;
  data: AuthData | null;
  challenge: string | null;
}

/** A success of admin-login or admin-login/verify: stores the token it carries (SPEC §3: accessToken). */
function signedIn(envelope: ApiEnvelope<SignInReply | undefined>): SignInResult {
  const reply = envelope.data;
  if (reply && 'challenge' in reply) return { envelope, data: null, challenge: reply.challenge };
  const token = reply?.jwtToken;
  const payload = token ? decodeToken(token) : null;
  if (!token || !payload) return { envelope, data: null, challenge: null };
  writeSession(token);
  markEnrolmentRequired(reply?.twoFactorSetupRequired === true);
  return { envelope, data: { jwtToken: token, user: payload.user }, challenge: null };
}

/** A refused sign-in step rejects with its `ApiError` as the payload (the screen shows it). */
type SignInThunk = { rejectValue: ApiError };

export const login = createAsyncThunk<SignInResult, LoginInput, SignInThunk>(
  'auth/login',
  async (credentials, { rejectWithValue }) =>
    fetchEndpoint(AUTH_API.login, { body: credentials }, { auth: false }).then(signedIn, (caught: unknown) =>
      rejectWithValue(refusalOf(caught)),
    ),
);

/** The code step: a refused code is an answer to show, not a lost session (auth: false). */
export const verifyCode = createAsyncThunk<SignInResult, VerifyLoginInput, SignInThunk>(
  'auth/verifyCode',
  async (input, { rejectWithValue }) =>
    fetchEndpoint(ACCOUNT_API.verifyLogin, { body: input }, { auth: false }).then(signedIn, (caught: unknown) =>
      rejectWithValue(refusalOf(caught)),
    ),
);

/**
 * GET /user_info (SPEC §7): feeds role and userInfoLoading. The server reads the member afresh, so
 * a type changed since sign-in shows at once, and a revoked token ends the session (401 handler).
 */
export const fetchUserInfo = createAsyncThunk('auth/userInfo', async () => {
  const info = await fetchEndpoint(AUTH_API.userInfo, {}).then(
    (envelope) => envelope.data,
    (caught: unknown) => void refusalOf(caught),
  );
  return info && typeof info.name === 'string' && isRole(info.type) ? { name: info.name, type: info.type } : null;
});

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    // SPEC §4: logout clears loading, error and data and sets isAuth false.
    logout: (state) => {
      state.loading = false;
      state.error = null;
      state.data = null;
      state.isAuth = false;
      state.role = null;
      state.endedHere = true;
    },
    /** the sign-in screen was reached after an ending: a link opened from here on is remembered again */
    signInShown: (state) => {
      state.endedHere = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchUserInfo.pending, (state) => {
        state.userInfoLoading = true;
      })
      .addCase(fetchUserInfo.fulfilled, (state, { payload }) => {
        state.userInfoLoading = false;
        if (!payload || !state.data) return;
        state.role = payload.type;
        state.data.user.name = payload.name;
        state.data.user.type = payload.type;
      })
      .addCase(fetchUserInfo.rejected, (state) => {
        state.userInfoLoading = false;
      })
      .addMatcher(isAnyOf(login.pending, verifyCode.pending), (state) => {
        state.loading = true;
        state.error = null;
      })
      .addMatcher(isAnyOf(login.fulfilled, verifyCode.fulfilled), (state, { payload }) => {
        state.loading = false;
        if (payload.data) {
          state.isAuth = true;
          state.endedHere = false;
          state.data = payload.data;
          state.role = payload.data.user.type;
        } else if (!payload.challenge) {
          state.error = payload.envelope.message;
        }
      })
      .addMatcher(isAnyOf(login.rejected, verifyCode.rejected), (state, { payload, error }) => {
        state.loading = false;
        state.error = payload?.message ?? error.message ?? null;
      });
  },
});

export const { logout, signInShown } = authSlice.actions;
export const authReducer = authSlice.reducer;
