import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import Spinner from '../components/Spinner';
import Home from '../screens/home/HomeScreen';
import NotFound from '../screens/NotFound';
import { RequireAuth } from './RequireAuth';

/*
 * The route table (docs/product.md#screens, #start-up-and-the-route-guard). The home page is in the entry script: it is the first
 * screen of most visits, and a chunk of its own cost a first visit on a slow link round trips
 * and headers (bench/first-visit.ts). Every other route family is its own chunk, loaded on
 * first visit. Guests may browse /, listings, search, products and sellers; the rest is guarded.
 */
/**
 * A route's screen, loaded as its own chunk. Once the chunk is in, the screen renders directly:
 * a screen that suspends is revealed only after React's 300 ms fallback throttle, which would
 * otherwise delay every first paint (bench/home-paint.ts). `preload` starts loading early.
 */
// biome-ignore lint/suspicious/noExplicitAny: screens take different props; the router hands each its own.
type AnyScreen = ComponentType<any>;
type Screen = AnyScreen & { preload(): Promise<unknown> };
function screen(load: () => Promise<{ default: AnyScreen }>): Screen {
  let loaded: AnyScreen | null = null;
  let loading: Promise<{ default: AnyScreen }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null; // a failed chunk load is tried again on the next visit
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Screen = (props: Record<string, unknown>) => createElement(loaded ?? Lazy, props);
  return Object.assign(Screen, { preload });
}

const HomeScreen: Screen = Object.assign((props: Record<string, unknown>) => createElement(Home, props), {
  preload: () => Promise.resolve(),
});
const LoginScreen = screen(() => import('../screens/auth/LoginScreen'));
const VerifyOtpScreen = screen(() => import('../screens/auth/VerifyOtpScreen'));
const ForgotPasswordScreen = screen(() => import('../screens/auth/ForgotPasswordScreen'));
const OnboardingScreen = screen(() => import('../screens/onboarding/OnboardingScreen'));
const SearchScreen = screen(() => import('../screens/listings/SearchScreen'));
const CategoryScreen = screen(() => import('../screens/listings/CategoryScreen'));
const FlashDealsScreen = screen(() => import('../screens/listings/FlashDealsScreen'));
const NewArrivalsScreen = screen(() => import('../screens/listings/NewArrivalsScreen'));
const FavoritesScreen = screen(() => import('../screens/favorites/FavoritesScreen'));
const ChatScreen = screen(() => import('../screens/chat/ChatScreen'));
const ProfileScreen = screen(() => import('../screens/profile/ProfileScreen'));
const ProfileEditScreen = screen(() => import('../screens/profile/ProfileEditScreen'));
const VerificationScreen = screen(() => import('../screens/profile/VerificationScreen'));
const ModerationScreen = screen(() => import('../screens/moderation/ModerationScreen'));
const ProductFormScreen = screen(() => import('../screens/products/ProductFormScreen'));
const ProductDetailScreen = screen(() => import('../screens/products/ProductDetailScreen'));
const SellerScreen = screen(() => import('../screens/users/SellerScreen'));
const OrdersScreen = screen(() => import('../screens/orders/OrdersScreen'));
const OrderScreen = screen(() => import('../screens/orders/OrderScreen'));
const RfqsScreen = screen(() => import('../screens/rfqs/RfqsScreen'));
const RfqFormScreen = screen(() => import('../screens/rfqs/RfqFormScreen'));
const RfqScreen = screen(() => import('../screens/rfqs/RfqScreen'));
const PrivacyPolicyScreen = screen(() => import('../screens/legal/PrivacyPolicyScreen'));
const TermsOfServiceScreen = screen(() => import('../screens/legal/TermsOfServiceScreen'));

/**
 * `user`: signed in (docs/product.md#start-up-and-the-route-guard); `supplier`: signed-in suppliers only.
 * /login itself sends signed-in users on.
 */
interface RouteEntry {
  path: string;
  screen: Screen;
  guard?: 'user' | 'supplier';
}

export const ROUTES: RouteEntry[] = [
  { path: '/', screen: HomeScreen },
  { path: '/login', screen: LoginScreen },
  { path: '/verify-otp', screen: VerifyOtpScreen },
  { path: '/forgot-password', screen: ForgotPasswordScreen },
  { path: '/onboarding', screen: OnboardingScreen, guard: 'user' },
  { path: '/search', screen: SearchScreen },
  { path: '/search/:term', screen: SearchScreen },
  { path: '/category/:categoryId/:categoryName', screen: CategoryScreen },
  { path: '/flash-deals', screen: FlashDealsScreen },
  { path: '/new-arrivals', screen: NewArrivalsScreen },
  { path: '/favorites', screen: FavoritesScreen, guard: 'user' },
  { path: '/chat/:conversationId', screen: ChatScreen, guard: 'user' },
  { path: '/profile', screen: ProfileScreen, guard: 'user' },
  { path: '/profile/edit', screen: ProfileEditScreen, guard: 'user' },
  { path: '/profile/verification', screen: VerificationScreen, guard: 'user' },
  { path: '/moderation', screen: ModerationScreen, guard: 'user' },
  { path: '/products/add', screen: ProductFormScreen, guard: 'supplier' },
  { path: '/products/:id/edit', screen: ProductFormScreen, guard: 'user' },
  { path: '/products/:id', screen: ProductDetailScreen },
  { path: '/users/:id', screen: SellerScreen },
  { path: '/orders', screen: OrdersScreen, guard: 'user' },
  { path: '/orders/:id', screen: OrderScreen, guard: 'user' },
  { path: '/requests', screen: RfqsScreen, guard: 'user' },
  { path: '/requests/new', screen: RfqFormScreen, guard: 'user' },
  { path: '/requests/:id', screen: RfqScreen, guard: 'user' },
  // Notifications stored before their links named the app's page pointed here.
  { path: '/rfqs/:id', screen: RfqScreen, guard: 'user' },
  { path: '/privacy-policy', screen: PrivacyPolicyScreen },
  { path: '/terms-of-service', screen: TermsOfServiceScreen },
];

/** The screen of `pathname` starts loading now, beside the translations, so the first render need not suspend. */
export function preloadScreenFor(pathname: string): Promise<unknown> {
  const entry = ROUTES.find(({ path }) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`).test(pathname));
  return entry?.screen.preload().catch(() => undefined) ?? Promise.resolve();
}
if (typeof window !== 'undefined') void preloadScreenFor(window.location.pathname);

function Guarded({ entry, params }: { entry: RouteEntry; params: Record<string, string | undefined> }) {
  const Screen = entry.screen;
  const page = <Screen params={params} />;
  if (entry.guard === 'user') return <RequireAuth>{page}</RequireAuth>;
  if (entry.guard === 'supplier') return <RequireAuth supplierOnly>{page}</RequireAuth>;
  return page;
}

export function PageSpinner() {
  const { t } = useLingui();
  return (
    <div className="page-center">
      <Spinner label={t`Loading…`} />
    </div>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {ROUTES.map((entry) => (
          <Route key={entry.path} path={entry.path}>
            {(params) => <Guarded entry={entry} params={params} />}
          </Route>
        ))}
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}
