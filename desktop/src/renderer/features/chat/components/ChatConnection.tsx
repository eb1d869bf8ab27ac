import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { currentPlatform } from '../../desktop';
import { chatRouteChanged, selectUnreadTotal } from '../slice';

/**
 * Tells the chat saga where the app is (the socket is closed on /login and
 * open elsewhere while signed in, spec §4) and mirrors the unread total on
 * the tray / app badge. Mounted once inside the router.
 */
export function ChatConnection() {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const unread = useAppSelector(selectUnreadTotal);
  useEffect(() => {
    dispatch(chatRouteChanged({ pathname, search }));
  }, [dispatch, pathname, search]);
  useEffect(() => {
    void currentPlatform().setUnreadCount(unread);
  }, [unread]);
  return null;
}
