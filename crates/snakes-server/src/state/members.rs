//! Members on this server: signing up, in and out, the session a request or a WebSocket
//! carries, and the names members hold. The hashes and cookies are `members.rs`'s; the rows
//! `store/members.rs`'s; the HTTP requests `web/account.rs`'s.

use std::net::IpAddr;

use snakes_text::names::NameKeys;

use super::moderation::now_ms;
use crate::members::{
    Account, MAX_PASSWORD, MIN_PASSWORD, Members, SESSION_DAYS, hash_password_in, new_session,
    password_allowed, session_hash,
};
use crate::protocol::Refusal;
use crate::store::{Member, NewMember};
use crate::view::Refused;

/// A member signed in: their account, and the secret of the session just opened (for the
/// cookie).
pub(crate) struct SignedIn {
    pub(crate) member: Member,
    pub(crate) secret: String,
}

impl super::AppState {
    /// What the server keeps for members besides the store.
    pub(crate) fn members(&self) -> &Members {
        &self.inner.members
    }

    /// Refuses `name` when it is a member's, or the same as one (reads, looks or sounds the
    /// same: [`NameKeys`]), and `me` (the member signed in, if any) is not that member. A name
    /// that is not a name passes here: its own check refuses it, saying why. When the store
    /// cannot answer, the name passes (a guest's game goes on while the database is away);
    /// the member's own sign-in is refused meanwhile, so nobody can take the name for good.
    pub(crate) async fn name_free_for(&self, name: &str, me: Option<i64>) -> Result<(), Refused> {
        let Ok(name) = snakes_text::names::check_name(name) else {
            return Ok(());
        };
        match self.store().member_named(&NameKeys::of(&name)).await {
            Ok(Some(member)) if Some(member.id) != me => Err(Refusal::NameHeld { name }.into()),
            Ok(_) => Ok(()),
            Err(e) => {
                tracing::warn!(error = %e, "a name could not be checked against the members");
                Ok(())
            }
        }
    }

    /// Counts a try to sign in (or up) from the address `peer`.
    ///
    /// # Errors
    /// [`Refusal::TooManySignIns`] when the address has no try left for now.
    pub(crate) fn a_try_from(&self, peer: Option<IpAddr>) -> Result<(), Refused> {
        if self.members().may_try_from(peer, self.config().clock.now()) {
            Ok(())
        } else {
            Err(Refusal::TooManySignIns.into())
        }
    }

    /// The member whose session `secret` is, while it lasts.
    ///
    /// # Errors
    /// [`Refusal::StoreFailed`] when the store cannot say.
    pub(crate) async fn session_member(&self, secret: &str) -> Result<Option<Member>, Refused> {
        self.store()
            .session_member(&session_hash(secret), now_ms())
            .await
            .map_err(|_| Refusal::StoreFailed.into())
    }

    /// A new member `name` with `password`, signed in.
    ///
    /// # Errors
    /// [`Refusal::BadName`] for a name no seat may have, [`Refusal::BadPassword`],
    /// [`Refusal::TooManySignIns`] (a sign-up counts as a try from the address),
    /// [`Refusal::NameTaken`], [`Refusal::Banned`] for a banned name, or
    /// [`Refusal::StoreFailed`].
    pub(crate) async fn sign_up(
        &self,
        name: &str,
        password: &str,
        peer: Option<IpAddr>,
    ) -> Result<SignedIn, Refused> {
        let name = self.unbanned(crate::table::check_name(name)?, peer)?;
        if !password_allowed(password, &name) {
            return Err(Refusal::BadPassword {
                min: MIN_PASSWORD,
                max: MAX_PASSWORD,
            }
            .into());
        }
        let keys = NameKeys::of(&name);
        // A sign-up costs a hash, as a try to sign in does, but tries no account's password.
        self.a_try_from(peer)?;
        let owned = password.to_string();
        let phc = self
            .members()
            .hashing(move |memory| hash_password_in(&owned, memory))
            .await
            .ok_or(Refusal::StoreFailed)?;
        let new = NewMember {
            name: name.clone(),
            keys,
            password: Some(phc),
            at: now_ms(),
        };
        let member = self
            .store()
            .create_member(&new)
            .await
            .map_err(|_| Refusal::StoreFailed)?
            .ok_or(Refusal::NameTaken { name })?;
        self.open_session(member).await
    }

    /// Signs `name` in with `password`.
    ///
    /// # Errors
    /// [`Refusal::TooManySignIns`], [`Refusal::BadSignIn`] (whichever of the two is wrong),
    /// [`Refusal::StoreFailed`].
    pub(crate) async fn sign_in(
        &self,
        name: &str,
        password: &str,
        peer: Option<IpAddr>,
    ) -> Result<SignedIn, Refused> {
        let member = self.check_sign_in(name, password, peer).await?;
        self.open_session(member).await
    }

    /// The member `name` is, when `password` is theirs: a try to sign in, counted.
    ///
    /// # Errors
    /// As [`Self::sign_in`].
    pub(crate) async fn check_sign_in(
        &self,
        name: &str,
        password: &str,
        peer: Option<IpAddr>,
    ) -> Result<Member, Refused> {
        let keys = NameKeys::of(
            snakes_text::names::check_name(name)
                .as_deref()
                .unwrap_or(name),
        );
        let now = self.config().clock.now();
        if !self.members().may_try_from(peer, now) {
            return Err(Refusal::TooManySignIns.into());
        }
        // Over the longest password nothing is hashed: no account has it.
        let password = password
            .chars()
            .take(MAX_PASSWORD as usize + 1)
            .collect::<String>();
        let member = self
            .store()
            .member_named(&keys)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        // Counted against the member however the name was spelled ("ana", "Aná", "Ⓐna").
        let account = member
            .as_ref()
            .map_or(Account::Nobody(keys.looks), |m| Account::Member(m.id));
        if !self.members().may_try_account(account, now) {
            return Err(Refusal::TooManySignIns.into());
        }
        let stored = member.as_ref().and_then(|m| m.password.clone());
        if self.members().check_password(&password, stored).await {
            member.ok_or_else(|| Refusal::BadSignIn.into())
        } else {
            Err(Refusal::BadSignIn.into())
        }
    }

    /// Member `me` blocks the member named `name` (letter case and look-alikes aside), or
    /// unblocks them (`block` false): whom they block now, by id and name, and the one named
    /// as their account spells it. Either way the member's other connections, on every
    /// server, read their blocks again.
    ///
    /// # Errors
    /// [`Refusal::BadName`] for what no one could be named, [`Refusal::NotAMember`] when no
    /// member has the name, [`Refusal::BlockYourself`], [`Refusal::StoreFailed`].
    pub(crate) async fn block(
        &self,
        me: i64,
        name: &str,
        block: bool,
    ) -> Result<(String, Vec<(i64, String)>), Refused> {
        let failed = |_| Refused::from(Refusal::StoreFailed);
        // What is no name at all is said so, not sought among the accounts.
        let name =
            snakes_text::names::check_name(name).map_err(|detail| Refusal::BadName { detail })?;
        let name = name.as_str();
        let other = self
            .store()
            .member_named(&NameKeys::of(name))
            .await
            .map_err(failed)?
            .ok_or_else(|| Refusal::NotAMember {
                name: name.to_string(),
            })?;
        if other.id == me {
            return Err(Refusal::BlockYourself.into());
        }
        let store = self.store();
        if block {
            store.block(me, other.id, now_ms()).await
        } else {
            store.unblock(me, other.id).await
        }
        .map_err(failed)?;
        // PostgreSQL tells every server (this one too); SQLite has only this one.
        self.members().changed(me);
        let blocked = store.blocked(me).await.map_err(failed)?;
        Ok((other.name, blocked))
    }

    /// Whether member `member` may join table `table`: not when a member who sat there
    /// blocks them. A store that cannot say lets them (a game goes on while the database is
    /// away).
    pub(crate) async fn may_join(&self, member: i64, table: crate::protocol::TableId) -> bool {
        match self.store().blockers(member, Some(table)).await {
            Ok(blockers) => blockers.is_empty(),
            Err(e) => {
                tracing::warn!(error = %e, table, "a member's blocks could not be read");
                true
            }
        }
    }

    /// A new session for `member`.
    pub(super) async fn open_session(&self, member: Member) -> Result<SignedIn, Refused> {
        let (secret, hash) = new_session();
        let now = now_ms();
        let expires = now + SESSION_DAYS * 24 * 60 * 60 * 1000;
        self.store()
            .open_session(member.id, &hash, now, expires)
            .await
            .map_err(|_| Refusal::StoreFailed)?;
        Ok(SignedIn { member, secret })
    }
}
