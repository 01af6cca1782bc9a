// What other parts of the admin may use from sign-in (docs/architecture/boundaries.md, Boundaries: the web).
export { LoginPage } from './LoginPage.tsx';
export { signInPathFor } from './pageAfterSignIn.ts';
export { SignInBrand } from './SignInBrand.tsx';
