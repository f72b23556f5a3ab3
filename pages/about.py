import streamlit as st
st.title("about")
