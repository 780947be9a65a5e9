import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import Spinner from '../components/Spinner';
import NotFound from './NotFound';
import { RequireAuth } from './RequireAuth';

/*
 * The route table (spec §2, DESIGN §6). Each route family is its own chunk, loaded on first
 * visit. Guests may browse /, listings, search, products and sellers; the rest is guarded.
 */
const HomeScreen = lazy(() => import('../screens/home/HomeScreen'));
const LoginScreen = lazy(() => import('../screens/auth/LoginScreen'));
const VerifyOtpScreen = lazy(() => import('../screens/auth/VerifyOtpScreen'));
const OnboardingScreen = lazy(() => import('../screens/onboarding/OnboardingScreen'));
const SearchScreen = lazy(() => import('../screens/listings/SearchScreen'));
const CategoryScreen = lazy(() => import('../screens/listings/CategoryScreen'));
const FlashDealsScreen = lazy(() => import('../screens/listings/FlashDealsScreen'));
const NewArrivalsScreen = lazy(() => import('../screens/listings/NewArrivalsScreen'));
const FavoritesScreen = lazy(() => import('../screens/favorites/FavoritesScreen'));
const ChatScreen = lazy(() => import('../screens/chat/ChatScreen'));
const ProfileScreen = lazy(() => import('../screens/profile/ProfileScreen'));
const ProfileEditScreen = lazy(() => import('../screens/profile/ProfileEditScreen'));
const ProductFormScreen = lazy(() => import('../screens/products/ProductFormScreen'));
const ProductDetailScreen = lazy(() => import('../screens/products/ProductDetailScreen'));
const SellerScreen = lazy(() => import('../screens/users/SellerScreen'));
const PrivacyPolicyScreen = lazy(() => import('../screens/legal/PrivacyPolicyScreen'));
const TermsOfServiceScreen = lazy(() => import('../screens/legal/TermsOfServiceScreen'));

type Screen = LazyExoticComponent<ComponentType<any>>;
/** `user`: signed in (DESIGN §6); `supplier`: signed-in suppliers only. /login itself sends signed-in users on. */
interface RouteEntry { path: string; screen: Screen; guard?: 'user' | 'supplier' }

export const ROUTES: RouteEntry[] = [
  { path: '/', screen: HomeScreen },
  { path: '/login', screen: LoginScreen },
  { path: '/verify-otp', screen: VerifyOtpScreen },
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
  { path: '/products/add', screen: ProductFormScreen, guard: 'supplier' },
  { path: '/products/:id/edit', screen: ProductFormScreen, guard: 'user' },
  { path: '/products/:id', screen: ProductDetailScreen },
  { path: '/users/:id', screen: SellerScreen },
  { path: '/privacy-policy', screen: PrivacyPolicyScreen },
  { path: '/terms-of-service', screen: TermsOfServiceScreen },
];

function Guarded({ entry, params }: { entry: RouteEntry; params: Record<string, string | undefined> }) {
  const Screen = entry.screen;
  const page = <Screen params={params} />;
  if (entry.guard === 'user') return <RequireAuth>{page}</RequireAuth>;
  if (entry.guard === 'supplier') return <RequireAuth supplierOnly>{page}</RequireAuth>;
  return page;
}

export function PageSpinner() {
  const { t } = useLingui();
  return <div className="page-center"><Spinner label={t`Loading…`} /></div>;
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
