-- One database per service on one server (architecture.md "Ownership"); created on the first container start.
CREATE DATABASE platform_auth;
CREATE DATABASE platform_admin;
CREATE DATABASE platform_work;
CREATE DATABASE platform_payouts;
CREATE DATABASE platform_chat;
